export * from './errors.ts'
export * from './permissions.ts'
export * from './platform.ts'
export * from './pg-meta.ts'
