//! The language of a run's messages: `--lang`, else `QIPU_LANG`, else the locale
//! (`LC_ALL`, `LC_MESSAGES`, `LANG`), else English. Every command that prints messages
//! flattens [`LangArgs`] into its arguments.

use clap::ValueEnum;

use qipu::lang::Lang;

/// The `--lang` option.
#[derive(clap::Args)]
pub struct LangArgs {
    /// Language of messages, help and summary [default: QIPU_LANG, else the locale
    /// (zh_CN, zh_TW, …), else en]. Codes, severities and JSON field names stay English.
    #[arg(long, value_enum, value_name = "LANG")]
    lang: Option<LangArg>,
}

#[derive(Clone, Copy, ValueEnum)]
enum LangArg {
    En,
    Zh,
    #[value(name = "zh-Hant", alias = "zh-hant")]
    ZhHant,
}

impl LangArgs {
    /// The language chosen by the flag, the environment or the locale.
    pub fn lang(&self) -> Lang {
        match self.lang {
            Some(LangArg::En) => Lang::En,
            Some(LangArg::Zh) => Lang::Zh,
            Some(LangArg::ZhHant) => Lang::ZhHant,
            None => from_environment(|name| std::env::var(name).ok()),
        }
    }
}

/// `QIPU_LANG` when it names a language qipu speaks; else the locale, the first of
/// `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty, as POSIX orders them.
fn from_environment(var: impl Fn(&str) -> Option<String>) -> Lang {
    if let Some(lang) = var("QIPU_LANG").and_then(|tag| Lang::from_tag(tag.trim())) {
        return lang;
    }
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(var)
        .find(|value| !value.is_empty())
        .map_or(Lang::En, |locale| Lang::from_locale(&locale))
}
