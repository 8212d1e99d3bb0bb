/**
 * The design-system layer: every widget screens use, built on react-aria-components and styled once
 * with the Digital Agency (DADS) tokens. Screens compose these and add no colours or font sizes of their own.
 */
export { AddressFields, type AddressFieldsProps } from './address-fields';
export { Alert, type AlertProps, type AlertVariant } from './alert';
export {
  Button,
  ButtonLink,
  type ButtonLinkProps,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonClass,
  NewWindowHint,
  TextLink,
  type TextLinkProps,
} from './button';
export {
  Checkbox,
  CheckboxGroup,
  type CheckboxGroupProps,
  CheckboxItem,
  type CheckboxProps,
  RadioGroup,
  type RadioGroupProps,
  RadioItem,
  Select,
  type SelectProps,
} from './choice-fields';
export {
  type CodeListId,
  codeOptions,
  type Option,
  type OptionsSource,
  optionLabel,
  resolveOptions,
} from './code-options';
export { ComingSoon, type ComingSoonProps } from './coming-soon';
export { type ConfirmItem, ConfirmList } from './confirm-list';
export { CsvDownload, type CsvDownloadProps, downloadText } from './csv-download';
export { CsvUpload, type CsvUploadProps, type CsvUploadResult, readAsDataUrl } from './csv-upload';
export { cx } from './cx';
export {
  type Column,
  compareValues,
  countText,
  DataTable,
  type DataTableProps,
  type SortDirection,
  type TableState,
  type TableUrlStateOptions,
  useTableUrlState,
} from './data-table';
export { ErrorPanel, type ErrorPanelProps } from './error-panel';
export {
  FieldErrorSummary,
  type FieldErrorSummaryProps,
  type FlatFieldError,
  flattenErrors,
  useErrorSummaryFocus,
} from './field-error-summary';
export {
  controlClass,
  type FieldBaseProps,
  FieldDescription,
  FieldErrorText,
  FieldLabel,
  type FieldRegistry,
  FieldRegistryProvider,
  type FieldWidth,
  fieldId,
  OptionalBadge,
  RequiredBadge,
  useRegisterField,
} from './field-parts';
export { FullPageSpinner } from './full-page-spinner';
export { CheckIcon, ChevronDownIcon, CloseIcon, MenuIcon, NewWindowIcon } from './icons';
export { IdleTimeoutDialog } from './idle-timeout-dialog';
export { LoadingOverlay, type LoadingOverlayProps } from './loading-overlay';
export { LoginForm, type LoginFormProps } from './login-form';
export { Modal, type ModalProps } from './modal';
export { PageTitle, type PageTitleProps, SITE_NAME, useDocumentTitle } from './page-title';
export { Pager, type PagerProps, pagerPages } from './pager';
export { RouteFocus } from './route-focus';
export { SearchPanel, type SearchPanelProps } from './search-panel';
export {
  PickerField,
  type PickerFieldProps,
  type PickerModalState,
  SearchPickerModal,
  type SearchPickerModalProps,
} from './search-picker';
export { SelectBox, type SelectBoxProps } from './select-box';
export { type NavItem, SideNav, type SideNavProps } from './side-nav';
export { MAIN_ID, SkipLink } from './skip-link';
export { Spinner } from './spinner';
export {
  type FormSchema,
  type FormStep,
  type SchemaInput,
  type SchemaOutput,
  StepForm,
  type StepFormApi,
  type StepFormProps,
} from './step-form';
export { type TabItem, Tabs, type TabsProps } from './tabs';
export {
  DATE_INPUT_MAX,
  DATETIME_INPUT_MAX,
  DateInput,
  type DateInputProps,
  DateTimeInput,
  TextArea,
  type TextAreaProps,
  TextInput,
  type TextInputProps,
} from './text-input';
