/** Endpoint table of the site area: site lists, one site, its alarms, focus, commands and writes. */

import { siteDetailsReply, siteFetchReply, siteListReply } from '../site.ts';
import {
  digitalControlBody,
  digitalControlListReply,
  sessionStartBody,
  sessionStartReply,
  settingsSaveBody,
  settingsSaveReply,
  siteCommandBody,
  siteSaveBody,
  siteSaveReply,
  siteUpdateBody,
} from '../site-commands.ts';
import { commandReply } from '../site-common.ts';
import {
  oemSiteListQuery,
  oemSiteListReply,
  siteAlarmsReply,
  siteFetchQuery,
  siteFilterQuery,
  siteUidQuery,
} from '../site-queries.ts';
import { endpoint } from './define.ts';

const tags = ['sites'];
const commandTags = ['site commands'];
const adminTags = ['site admin'];

export const siteEndpoints = {
  oemSiteList: endpoint({
    method: 'GET',
    path: '/oem/api/site-list',
    summary: 'Sites with their tenants (optionally only those with an event kind)',
    tags,
    query: oemSiteListQuery,
    reply: oemSiteListReply,
  }),
  siteFilter: endpoint({
    method: 'GET',
    path: '/user/site/filter',
    summary: "The dashboard tiles' site lists",
    tags,
    query: siteFilterQuery,
    reply: siteListReply,
  }),
  siteFetch: endpoint({
    method: 'GET',
    path: '/user/site/fetch',
    summary: 'The site list (full or lean form), or one site',
    tags,
    query: siteFetchQuery,
    reply: siteFetchReply,
  }),
  siteDetails: endpoint({
    method: 'GET',
    path: '/user/site/details',
    summary: 'One site with its devices and pin configs',
    tags,
    query: siteUidQuery,
    reply: siteDetailsReply,
  }),
  siteAlarms: endpoint({
    method: 'GET',
    path: '/user/site/alarms',
    summary: "A site's alarms",
    tags,
    query: siteUidQuery,
    reply: siteAlarmsReply,
  }),
  sessionStart: endpoint({
    method: 'POST',
    path: '/user/session/start',
    summary: 'Focus a site (its latest pin values)',
    tags,
    body: sessionStartBody,
    reply: sessionStartReply,
  }),
  digitalControls: endpoint({
    method: 'GET',
    path: '/user/site/digital-control',
    summary: "A site's digital outputs",
    tags: commandTags,
    query: siteUidQuery,
    reply: digitalControlListReply,
  }),
  userDigitalControl: endpoint({
    method: 'POST',
    path: '/user/site/digital-control',
    summary: 'Switch a digital output',
    tags: commandTags,
    body: digitalControlBody,
    reply: commandReply,
  }),
  digitalControl: endpoint({
    method: 'POST',
    path: '/site/digital-control',
    summary: 'Switch a digital output (the same as POST /user/site/digital-control)',
    tags: commandTags,
    body: digitalControlBody,
    reply: commandReply,
  }),
  unlock: endpoint({
    method: 'POST',
    path: '/user/site/unlock',
    summary: "Unlock a site's door",
    tags: commandTags,
    body: siteCommandBody,
    reply: commandReply,
  }),
  clearSecurityBreach: endpoint({
    method: 'POST',
    path: '/user/site/clear-security-breach',
    summary: 'Clear the security breach',
    tags: commandTags,
    body: siteCommandBody,
    reply: commandReply,
  }),
  clearLockOpenFail: endpoint({
    method: 'POST',
    path: '/user/site/clear-lock-open-fail',
    summary: 'Clear the lock open fail',
    tags: commandTags,
    body: siteCommandBody,
    reply: commandReply,
  }),
  siteSave: endpoint({
    method: 'POST',
    path: '/user/site/save',
    summary: 'Create a site',
    tags: adminTags,
    body: siteSaveBody,
    reply: siteSaveReply,
  }),
  siteUpdate: endpoint({
    method: 'POST',
    path: '/user/site/update',
    summary: 'Update a site',
    tags: adminTags,
    body: siteUpdateBody,
    reply: siteSaveReply,
  }),
  settingsSave: endpoint({
    method: 'POST',
    path: '/user/settings/save',
    summary: "Save a site's alarm settings (thresholds, paused alarms)",
    tags: adminTags,
    body: settingsSaveBody,
    reply: settingsSaveReply,
  }),
} as const;
