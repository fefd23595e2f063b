/** Public face of the image studio feature. */
export { ImageStudioScreen } from './image-studio-screen';
