/** Analytics offers nothing to other features: its pages are reached through its routes. */
export {};
