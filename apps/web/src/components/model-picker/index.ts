export { ModelIcon } from './model-icon';
export { ModelPicker, type ModelPickerProps } from './model-picker';
