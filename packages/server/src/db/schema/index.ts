export * from './address-changes';
export * from './admin-users';
export * from './courses';
export * from './notices';
export * from './statistics';
export * from './students';
export * from './system';
export * from './universities';
