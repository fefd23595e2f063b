/** Public face of the assets feature. */
export { AssetsScreen } from './assets-screen';
