export { ModelIcon } from './model-icon';
export { MENU_MAX_HEIGHT, ModelPicker, type ModelPickerProps } from './model-picker';
