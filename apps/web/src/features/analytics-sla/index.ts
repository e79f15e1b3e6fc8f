/** The tenant SLA and scheduled-report pages offer nothing to other features. */
export {};
