export {
  ConfigError,
  DisciplineError,
  InputError,
  InvariantViolation,
  OptionsError,
  PluginError,
  SchedlabError,
  UnknownNameError,
} from './errors.ts';
