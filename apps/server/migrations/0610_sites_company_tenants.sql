-- A company's site list pages by uid under the tenant rule (sql-scope.ts siteScope: company_id and
-- tenants). With only (company_id, uid) indexed, PostgreSQL read every matching site from the heap,
-- sorted them and counted them again for the total: ~40 ms of a 1,000-site page of a 36,250-site
-- company. With tenants in the index both the page and the total are index-only scans in uid order
-- (~11 ms; docs/performance.md, site list). The new index serves every lookup the old one served.
create index if not exists sites_company_uid_tenants_idx on sites (company_id, uid) include (tenants);
drop index if exists sites_company_idx;
