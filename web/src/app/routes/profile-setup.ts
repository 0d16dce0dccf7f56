// The profile page's newcomer checklist lives in app/compose: it is not a route, and every .tsx under routes/ must
// be a lazy route module (web/tooling/bundle-budget.test.ts).
export { ProfileSetup } from '../compose/profile-setup'
