/** The lifesaver console's screens (issue 17): one lazily loaded module for the router. */
export { AuditPage } from './AuditPage.tsx';
export { ConsoleBeachPage } from './ConsoleBeachPage.tsx';
export { ConsolePage } from './ConsolePage.tsx';
export { ImportsPage } from './ImportsPage.tsx';
export { RipSkillPage } from './RipSkillPage.tsx';
export { TeamPage } from './TeamPage.tsx';
