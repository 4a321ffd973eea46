// The hierarchy lives in @js/errors so that packages below core (machine, gang) can extend it;
// this re-export keeps core's own relative imports and its public names unchanged.
export {
  ConfigError,
  DisciplineError,
  InputError,
  InvariantViolation,
  OptionsError,
  PluginError,
  SchedlabError,
  UnknownNameError,
} from '@js/errors';
