/** The alarm console offers nothing to other features. */
export {};
