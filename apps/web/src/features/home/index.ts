/** Public face of the home feature. */
export { HomeScreen } from './home-screen';
