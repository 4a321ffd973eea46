export {
  ConfigError,
  InputError,
  InvariantViolation,
  OptionsError,
  PluginError,
  SchedlabError,
  UnknownNameError,
} from './errors.ts';
