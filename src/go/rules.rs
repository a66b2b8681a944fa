//! The rule sets a Go record may be played under, as data: which repetitions are forbidden,
//! whether suicide is allowed, how the game is scored and what a handicap is worth.
//!
//! The Chinese rules of 2002 are the default. A record names its rules in `RU`; the
//! spellings archives use (`Japanese`, `jp`, `Chinese`, `cn`, `AGA`, `NZ`, `New Zealand`,
//! `Tromp-Taylor`, `Tromp/Taylor`, `Korean`, `Ing`, `GOE`, …) are read by [`Rules::from_ru`].

use std::fmt;

use super::board::KoRule;

/// The rule sets qipu replays records under.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rules {
    /// 中国围棋竞赛规则 (2002).
    #[default]
    Chinese,
    /// Japanese rules.
    Japanese,
    /// Korean rules.
    Korean,
    /// American Go Association.
    Aga,
    /// New Zealand rules.
    NewZealand,
    /// Tromp-Taylor rules.
    TrompTaylor,
    /// Ing Chang-ki's rules (SGF `GOE`).
    Ing,
}

/// How the final position is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Stones plus surrounded points: the final position alone decides.
    Area,
    /// Surrounded points plus prisoners, dead stones removed by agreement: neither is in
    /// the record, so a count cannot be checked.
    Territory,
}

/// What a handicap is worth to White when the board is counted (the komi convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandicapCompensation {
    /// One point per handicap stone (Chinese practice: half a stone each).
    PerStone,
    /// One point per handicap stone after the first (AGA).
    PerStoneAfterFirst,
    /// Nothing: the stones are the whole handicap.
    None,
}

/// One rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// Which rule set this is.
    pub rules: Rules,
    /// Which repetitions are forbidden: under [`KoRule::Simple`] a longer cycle is legal
    /// and reported as a note.
    pub ko: KoRule,
    /// Whether a move may leave its own group without liberties (the group is removed).
    pub suicide: bool,
    /// Area or territory counting.
    pub scoring: Scoring,
    /// What White receives for the handicap stones.
    pub handicap: HandicapCompensation,
}

/// Every rule set, one row each.
const RULE_SETS: [RuleSet; 7] = [
    RuleSet {
        rules: Rules::Chinese,
        ko: KoRule::Situational,
        suicide: false,
        scoring: Scoring::Area,
        handicap: HandicapCompensation::PerStone,
    },
    RuleSet {
        rules: Rules::Japanese,
        ko: KoRule::Simple,
        suicide: false,
        scoring: Scoring::Territory,
        handicap: HandicapCompensation::None,
    },
    RuleSet {
        rules: Rules::Korean,
        ko: KoRule::Simple,
        suicide: false,
        scoring: Scoring::Territory,
        handicap: HandicapCompensation::None,
    },
    RuleSet {
        rules: Rules::Aga,
        ko: KoRule::Situational,
        suicide: false,
        scoring: Scoring::Area,
        handicap: HandicapCompensation::PerStoneAfterFirst,
    },
    RuleSet {
        rules: Rules::NewZealand,
        ko: KoRule::Situational,
        suicide: true,
        scoring: Scoring::Area,
        handicap: HandicapCompensation::None,
    },
    RuleSet {
        rules: Rules::TrompTaylor,
        ko: KoRule::Positional,
        suicide: true,
        scoring: Scoring::Area,
        handicap: HandicapCompensation::None,
    },
    RuleSet {
        // Ing's ko rules tell repetitions apart by kind; qipu allows them and notes each.
        rules: Rules::Ing,
        ko: KoRule::Simple,
        suicide: true,
        scoring: Scoring::Area,
        handicap: HandicapCompensation::PerStone,
    },
];

impl Rules {
    /// The rule set's row.
    pub fn rule_set(self) -> RuleSet {
        RULE_SETS
            .into_iter()
            .find(|set| set.rules == self)
            .unwrap_or(RULE_SETS[0])
    }

    /// The rules an `RU` value names, `None` when qipu does not know them. Case, spaces
    /// and punctuation do not matter (`Tromp/Taylor`, `tromp-taylor`, `New Zealand`).
    pub fn from_ru(value: &str) -> Option<Rules> {
        let key: String = if value.is_ascii() {
            // Nearly every RU (`Chinese`): the same key without the Unicode tables.
            value
                .bytes()
                .filter(u8::is_ascii_alphanumeric)
                .map(|b| char::from(b.to_ascii_lowercase()))
                .collect()
        } else {
            value
                .chars()
                .filter(|c| c.is_alphanumeric())
                .flat_map(char::to_lowercase)
                .collect()
        };
        // "Chinese rules", "中国规则", "日本ルール", "한국 규칙": the word for rules adds nothing.
        let key = ["rules", "rule", "规则", "規則", "ルール", "규칙", "룰"]
            .iter()
            .find_map(|word| key.strip_suffix(word))
            .unwrap_or(&key);
        Some(match key {
            "chinese" | "cn" | "china" | "中国" | "中國" => Rules::Chinese,
            "japanese" | "jp" | "japan" | "日本" => Rules::Japanese,
            "korean" | "kr" | "korea" | "韩国" | "韓國" | "한국" => Rules::Korean,
            "aga" | "american" => Rules::Aga,
            "nz" | "newzealand" => Rules::NewZealand,
            "tromptaylor" | "tt" => Rules::TrompTaylor,
            "ing" | "goe" | "ingsst" | "应氏" | "應氏" => Rules::Ing,
            _ => return None,
        })
    }

    /// The name used in messages (`Tromp-Taylor`).
    pub fn name(self) -> &'static str {
        match self {
            Rules::Chinese => "Chinese",
            Rules::Japanese => "Japanese",
            Rules::Korean => "Korean",
            Rules::Aga => "AGA",
            Rules::NewZealand => "New Zealand",
            Rules::TrompTaylor => "Tromp-Taylor",
            Rules::Ing => "Ing",
        }
    }
}

impl Rules {
    /// The name in Chinese messages, in simplified characters (`中国规则`).
    pub fn name_zh(self) -> &'static str {
        match self {
            Rules::Chinese => "中国规则",
            Rules::Japanese => "日本规则",
            Rules::Korean => "韩国规则",
            Rules::Aga => "AGA 规则",
            Rules::NewZealand => "新西兰规则",
            Rules::TrompTaylor => "Tromp-Taylor 规则",
            Rules::Ing => "应氏规则",
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl HandicapCompensation {
    /// The handicap stones White is paid a point for, out of `stones`.
    pub fn compensated(self, stones: u32) -> u32 {
        match self {
            HandicapCompensation::PerStone => stones,
            HandicapCompensation::PerStoneAfterFirst => stones.saturating_sub(1),
            HandicapCompensation::None => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn archive_spellings() {
        for (ru, rules) in [
            ("Japanese", Rules::Japanese),
            ("jp", Rules::Japanese),
            ("Chinese", Rules::Chinese),
            ("cn", Rules::Chinese),
            ("AGA", Rules::Aga),
            ("NZ", Rules::NewZealand),
            ("New Zealand", Rules::NewZealand),
            ("Tromp-Taylor", Rules::TrompTaylor),
            ("Tromp/Taylor", Rules::TrompTaylor),
            ("Korean", Rules::Korean),
            ("Ing", Rules::Ing),
            ("GOE", Rules::Ing),
            ("chinese rules", Rules::Chinese),
            ("中国规则", Rules::Chinese),
            ("日本ルール", Rules::Japanese),
            ("한국 규칙", Rules::Korean),
        ] {
            assert_eq!(Rules::from_ru(ru), Some(rules), "{ru}");
        }
        assert_eq!(Rules::from_ru("Lasker"), None);
        assert_eq!(Rules::from_ru(""), None);
    }

    #[test]
    fn every_rule_set_has_its_row() {
        for set in RULE_SETS {
            assert_eq!(set.rules.rule_set(), set);
        }
        assert_eq!(Rules::default().rule_set(), RULE_SETS[0]);
    }

    #[test]
    fn handicap_conventions() {
        assert_eq!(HandicapCompensation::PerStone.compensated(4), 4);
        assert_eq!(HandicapCompensation::PerStoneAfterFirst.compensated(4), 3);
        assert_eq!(HandicapCompensation::PerStoneAfterFirst.compensated(0), 0);
        assert_eq!(HandicapCompensation::None.compensated(4), 0);
    }
}
