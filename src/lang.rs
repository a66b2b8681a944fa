//! The languages qipu words its messages in, and Chinese wording that keeps text quoted
//! from a record apart from qipu's own words.
//!
//! Chinese wording is written once, in simplified characters. For traditional characters
//! only qipu's own words are converted (by OpenCC's phrase and character tables with the
//! standard Taiwan forms, 著 and 為, through `hanconv`, and the few words of
//! `TAIWAN_FORMS`); the moves qipu writes in the record's notation take the reader's
//! script too; moves, names and values quoted from the record are kept byte for byte in
//! either script.

use std::fmt;

/// A language of qipu's messages. English is the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Chinese in simplified characters.
    Zh,
    /// Chinese in traditional characters.
    ZhHant,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Zh, Lang::ZhHant];

    /// The tag `--lang` and `QIPU_LANG` take: `en`, `zh`, `zh-Hant`.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
            Lang::ZhHant => "zh-Hant",
        }
    }

    /// Reads a language tag in any case, with `-` or `_`: `en` (and `en-GB`, …); `zh`,
    /// `zh-Hans`, `zh-CN`, `zh-SG`; `zh-Hant`, `zh-TW`, `zh-HK`, `zh-MO`. Other languages
    /// are `None`.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let mut subtags = tag.split(['-', '_']).map(str::to_ascii_lowercase);
        match subtags.next()?.as_str() {
            "en" => Some(Lang::En),
            "zh" => Some(match subtags.next().as_deref() {
                Some("hant" | "tw" | "hk" | "mo") => Lang::ZhHant,
                _ => Lang::Zh,
            }),
            _ => None,
        }
    }

    /// The language of a POSIX locale (`zh_CN.UTF-8`, `zh_TW`, `zh_HK.Big5`, `en_US`,
    /// `C`): Chinese for a `zh` locale, in traditional characters for Taiwan, Hong Kong,
    /// Macao and `zh_Hant`; English for any other.
    pub fn from_locale(locale: &str) -> Lang {
        let name = locale.split(['.', '@']).next().unwrap_or_default();
        Lang::from_tag(name).unwrap_or(Lang::En)
    }

    /// The English text, or the Chinese in this language's script: each is worded only
    /// when it is the one said.
    pub fn say(self, english: impl FnOnce() -> String, chinese: impl FnOnce() -> Zh) -> String {
        match self {
            Lang::En => english(),
            Lang::Zh => chinese().simplified(),
            Lang::ZhHant => chinese().traditional(),
        }
    }

    /// Chinese wording in this language's script; `None` for English.
    pub fn chinese(self, words: &Zh) -> Option<String> {
        match self {
            Lang::En => None,
            Lang::Zh => Some(words.simplified()),
            Lang::ZhHant => Some(words.traditional()),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// One piece of Chinese wording.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    /// qipu's own words, in simplified characters.
    Own(String),
    /// Text quoted from the record (or numbers, squares, points): never converted.
    Quoted(String),
    /// Moves qipu writes in the record's notation (the moves meant, the candidates):
    /// in the reader's script, since the notation reads both (`马`/`馬`, `变`/`變`).
    Notation(String),
}

/// Chinese wording: qipu's own words, in simplified characters, and text quoted from a
/// record, which [`Zh::traditional`] keeps as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Zh {
    parts: Vec<Part>,
}

/// What [`zh!`] takes as an argument: more wording (its own words stay own words), or
/// anything else that is displayed, which is quoted.
#[doc(hidden)]
pub trait ZhArg {
    /// Appends the argument to `words`.
    fn append_to(&self, words: &mut Zh);
}

impl ZhArg for Zh {
    fn append_to(&self, words: &mut Zh) {
        for part in &self.parts {
            match part {
                Part::Own(text) => words.push_own(text),
                Part::Quoted(text) => words.push_quoted(text),
                Part::Notation(text) => words.parts.push(Part::Notation(text.clone())),
            }
        }
    }
}

impl<T: fmt::Display + ?Sized> ZhArg for T {
    fn append_to(&self, words: &mut Zh) {
        words.push_quoted(&self.to_string());
    }
}

impl Zh {
    /// qipu's own words.
    pub fn own(words: &str) -> Zh {
        let mut zh = Zh::default();
        zh.push_own(words);
        zh
    }

    /// Moves qipu writes in the record's notation: converted to traditional characters
    /// with qipu's own words, where text quoted from the record is not.
    pub(crate) fn notation(moves: &str) -> Zh {
        Zh {
            parts: vec![Part::Notation(moves.to_string())],
        }
    }

    /// `template` with each `{}` replaced by the next argument, as [`zh!`] writes it.
    ///
    /// # Panics
    /// When the number of `{}` differs from the number of arguments: a wording bug that
    /// the tests, which word every issue, find.
    pub fn format(template: &str, args: &[&dyn ZhArg]) -> Zh {
        let mut zh = Zh::default();
        let mut pieces = template.split("{}");
        zh.push_own(pieces.next().unwrap_or_default());
        let mut args = args.iter();
        for piece in pieces {
            let arg = args.next().expect("as many arguments as {} in the wording");
            arg.append_to(&mut zh);
            zh.push_own(piece);
        }
        assert!(
            args.next().is_none(),
            "more arguments than {{}} in {template}"
        );
        zh
    }

    /// The items with `separator` (own words) between them.
    pub fn join(items: impl IntoIterator<Item = Zh>, separator: &str) -> Zh {
        let mut zh = Zh::default();
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                zh.push_own(separator);
            }
            item.append_to(&mut zh);
        }
        zh
    }

    /// Appends more wording.
    pub fn push(&mut self, more: &dyn ZhArg) {
        more.append_to(self);
    }

    fn push_own(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        match self.parts.last_mut() {
            Some(Part::Own(last)) => last.push_str(text),
            _ => self.parts.push(Part::Own(text.to_string())),
        }
    }

    fn push_quoted(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        match self.parts.last_mut() {
            Some(Part::Quoted(last)) => last.push_str(text),
            _ => self.parts.push(Part::Quoted(text.to_string())),
        }
    }

    /// The wording in simplified characters.
    pub fn simplified(&self) -> String {
        self.parts
            .iter()
            .map(|part| match part {
                Part::Own(text) | Part::Quoted(text) | Part::Notation(text) => text.as_str(),
            })
            .collect()
    }

    /// The wording in traditional characters: qipu's own words converted (OpenCC's
    /// `s2tw`: characters, not Taiwan's vocabulary), quoted text as it is.
    pub fn traditional(&self) -> String {
        self.parts
            .iter()
            .map(|part| match part {
                Part::Own(text) => taiwan_forms(hanconv::s2tw(text)),
                Part::Notation(text) => text.chars().map(traditional_piece).collect(),
                Part::Quoted(text) => text.clone(),
            })
            .collect()
    }
}

/// The words of qipu's wording that OpenCC's character tables give in a form a reader in
/// Taiwan would not write: (as converted, as written there), in this order. 复盘 is
/// replaying a game, 復盤, not 覆盤; a folder is a 資料夾 and a file a 檔案.
const TAIWAN_FORMS: [(&str, &str); 3] = [("覆盤", "復盤"), ("文件夾", "資料夾"), ("文件", "檔案")];

fn taiwan_forms(mut text: String) -> String {
    for (converted, written) in TAIWAN_FORMS {
        if text.contains(converted) {
            text = text.replace(converted, written);
        }
    }
    text
}

/// A character of Shatar's notation in traditional script: the pieces and the
/// promotion mark the notation reads in both (虎 and 王 are the same in both).
fn traditional_piece(c: char) -> char {
    match c {
        '马' => '馬',
        '车' => '車',
        '驼' => '駝',
        '狮' => '獅',
        '变' => '變',
        other => other,
    }
}

/// Chinese wording from a template and arguments: `zh!("{}没有王", Zh::own("白方"))`.
/// Each `{}` takes the next argument: a [`Zh`] keeps its own words and quotes, anything
/// else displayed is quoted (never converted between scripts).
///
/// ```
/// use qipu::lang::Zh;
/// let words = qipu::zh!("{}走了{}", Zh::own("蓝方"), "马g8—f6");
/// assert_eq!(words.traditional(), "藍方走了马g8—f6");
/// ```
// qipu's own wording macro (its command line words its lines with it); hidden from the
// documented surface, which offers `Zh` itself.
#[doc(hidden)]
#[macro_export]
macro_rules! zh {
    ($template:literal $(, $arg:expr)* $(,)?) => {
        $crate::lang::Zh::format($template, &[$(&$arg as &dyn $crate::lang::ZhArg),*])
    };
}

pub(crate) use crate::zh;

/// Types that are worded inside issues (reasons, syntax errors, names) word themselves
/// in Chinese too.
pub(crate) trait ToZh {
    /// The Chinese wording, as `Display` gives the English.
    fn to_zh(&self) -> Zh;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_locales() {
        assert_eq!(Lang::from_tag("zh-Hant"), Some(Lang::ZhHant));
        assert_eq!(Lang::from_tag("ZH_tw"), Some(Lang::ZhHant));
        assert_eq!(Lang::from_tag("zh-CN"), Some(Lang::Zh));
        assert_eq!(Lang::from_tag("en"), Some(Lang::En));
        assert_eq!(Lang::from_tag("fr"), None);
        assert_eq!(Lang::from_locale("zh_CN.UTF-8"), Lang::Zh);
        assert_eq!(Lang::from_locale("zh_SG"), Lang::Zh);
        assert_eq!(Lang::from_locale("zh"), Lang::Zh);
        assert_eq!(Lang::from_locale("zh_HK.Big5"), Lang::ZhHant);
        assert_eq!(Lang::from_locale("zh_MO"), Lang::ZhHant);
        assert_eq!(Lang::from_locale("zh_Hant_TW.UTF-8"), Lang::ZhHant);
        assert_eq!(Lang::from_locale("C.UTF-8"), Lang::En);
        assert_eq!(Lang::from_locale("de_DE@euro"), Lang::En);
    }

    #[test]
    fn taiwan_forms_and_notation() {
        let words = zh!(
            "已复盘 {} 着，{} 个文件：{}",
            3,
            2,
            Zh::notation("b7—b8变虎、马g1—f3")
        );
        assert_eq!(
            words.traditional(),
            "已復盤 3 著，2 個檔案：b7—b8變虎、馬g1—f3"
        );
        assert_eq!(
            words.simplified(),
            "已复盘 3 着，2 个文件：b7—b8变虎、马g1—f3"
        );
    }

    #[test]
    fn quotes_are_not_converted() {
        let words = zh!("{}的马不能走{}", Zh::own("蓝方"), "马g1—f3");
        assert_eq!(words.simplified(), "蓝方的马不能走马g1—f3");
        assert_eq!(words.traditional(), "藍方的馬不能走马g1—f3");
    }
}
