import { errors } from '../core/index.js';
import type { DomainDefinition } from './kit/Domain.js';

/**
 * Every built-in domain, by server name. Each entry loads its module only when asked, so that
 * serving one domain does not load the others. Adding a domain is one line:
 * `name: () => import('./name/NameDomain.js').then((m) => m.nameDomain),`
 */
export const DOMAINS: Readonly<Record<string, () => Promise<DomainDefinition>>> = {
  shopping: () => import('./shopping/ShoppingDomain.js').then((m) => m.shoppingDomain),
  iot_devices: () => import('./iot_devices/IotDevicesDomain.js').then((m) => m.iotDevicesDomain),
  travel_booking: () => import('./travel_booking/TravelBookingDomain.js').then((m) => m.travelBookingDomain),
  banking: () => import('./banking/BankingDomain.js').then((m) => m.bankingDomain),
  calendar: () => import('./calendar/CalendarDomain.js').then((m) => m.calendarDomain),
  payments: () => import('./payments/PaymentsDomain.js').then((m) => m.paymentsDomain),
  budget: () => import('./budget/BudgetDomain.js').then((m) => m.budgetDomain),
  trading: () => import('./trading/TradingDomain.js').then((m) => m.tradingDomain),
  email: () => import('./email/EmailDomain.js').then((m) => m.emailDomain),
  filesystem: () => import('./filesystem/FilesystemDomain.js').then((m) => m.filesystemDomain),
  crm: () => import('./crm/CrmDomain.js').then((m) => m.crmDomain),
  issue_tracker: () => import('./issue_tracker/IssueTrackerDomain.js').then((m) => m.issueTrackerDomain),
  team_chat: () => import('./team_chat/TeamChatDomain.js').then((m) => m.teamChatDomain),
  retail_chain: () => import('./retail_chain/RetailChainDomain.js').then((m) => m.retailChainDomain),
  marketplace: () => import('./marketplace/MarketplaceDomain.js').then((m) => m.marketplaceDomain),
  maps: () => import('./maps/MapsDomain.js').then((m) => m.mapsDomain),
  social_media: () => import('./social_media/SocialMediaDomain.js').then((m) => m.socialMediaDomain),
  video_meeting: () => import('./video_meeting/VideoMeetingDomain.js').then((m) => m.videoMeetingDomain),
  vehicle: () => import('./vehicle/VehicleDomain.js').then((m) => m.vehicleDomain),
  food_delivery: () => import('./food_delivery/FoodDeliveryDomain.js').then((m) => m.foodDeliveryDomain),
};

/** Names of the built-in domains, sorted. */
export function domainNames(): string[] {
  return Object.keys(DOMAINS).sort();
}

/** Load one built-in domain; an unknown name is an error that lists the valid ones. */
export async function loadDomain(name: string): Promise<DomainDefinition> {
  const load = Object.hasOwn(DOMAINS, name) ? DOMAINS[name] : undefined;
  if (load === undefined) throw errors.unknownDomain(name, domainNames());
  return load();
}

/** Load several built-in domains (all of them when `names` is omitted), checking every name first. */
export async function loadDomains(names: readonly string[] = domainNames()): Promise<DomainDefinition[]> {
  for (const name of names) if (!Object.hasOwn(DOMAINS, name)) throw errors.unknownDomain(name, domainNames());
  return Promise.all(names.map((name) => loadDomain(name)));
}
