/**
 * What this feature offers other features: nothing yet (its screens are declared in routes.tsx).
 * Export here, on purpose, what another feature may use; everything else stays inside the folder.
 */
export {};
