/** What this feature offers other features: nothing (its screens are declared in routes.tsx). */
export {};
