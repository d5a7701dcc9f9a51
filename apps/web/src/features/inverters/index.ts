// What other features may use from this one; everything else in the folder is its own business.
export { inverterApi } from './api';
export { SettingsForm } from './SettingsForm';
export { SettingFields } from './SettingFields';
