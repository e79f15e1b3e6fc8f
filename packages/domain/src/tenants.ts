/** Mobile operators that can be tenants of a site (platform-core §1). */
export const TENANTS = ['banglalink', 'robi', 'grameenphone', 'teletalk'] as const;
export type Tenant = (typeof TENANTS)[number];
