/** Public face of the profile feature: the account overview, usage and recent activity. */
export { ProfileView } from './components/profile-view';
