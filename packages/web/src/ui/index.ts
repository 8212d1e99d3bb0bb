/**
 * The design-system layer: every widget screens use, built on react-aria-components and styled once
 * with the Digital Agency (DADS) tokens. Screens compose these and add no colours or font sizes of their own.
 */
export { AddressFields } from './address-fields';
export { Alert } from './alert';
export { Button, ButtonLink, LARGE_TARGET, TextLink } from './button';
export { Checkbox, CheckboxGroup, CheckboxItem, RadioGroup, RadioItem, Select } from './choice-fields';
export { codeOptions, type Option, optionLabel } from './code-options';
export { type ConfirmItem, ConfirmList } from './confirm-list';
export { CsvDownload, CsvDownloadLink } from './csv-download';
export { CsvUpload, type CsvUploadResult } from './csv-upload';
export { cx } from './cx';
export { type Column, DataTable, type TableState, TICKED_ROW, useTableUrlState } from './data-table';
export { ErrorPanel } from './error-panel';
export { FieldErrorSummary } from './field-error-summary';
export { FieldRegistryProvider } from './field-parts';
export { FullPageSpinner } from './full-page-spinner';
export { ChevronDownIcon, NewWindowIcon } from './icons';
export { IdleTimeoutDialog } from './idle-timeout-dialog';
export { LoadingOverlay } from './loading-overlay';
export { LoginForm } from './login-form';
export { Modal } from './modal';
export { PageTitle } from './page-title';
export { Pager } from './pager';
export { SearchPanel } from './search-panel';
export { PickerField, SearchPickerModal } from './search-picker';
export { type NavItem, SideNav } from './side-nav';
export { MAIN_ID, SkipLink } from './skip-link';
export { Spinner } from './spinner';
export { type FormSchema, type SchemaInput, StepForm, type StepFormApi } from './step-form';
export { Tabs } from './tabs';
export { DateInput, DateTimeInput, TextArea, TextInput } from './text-input';
