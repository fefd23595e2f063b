/** Public face of session control: Settings' signed-in devices (list, sign out one, sign out all others). */
export { DevicesPanel } from './components/devices-panel';
