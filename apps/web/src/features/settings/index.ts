/** Public face of the settings feature. */
export { SettingsScreen } from './settings-screen';
