//! The keyword arguments of `read`, `read_many` and `validate`, as the command line's
//! options: names checked, a `ValueError` for one qipu does not know.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use qipu::draughts::Variant;
use qipu::draughts::{PdnOptions, Results, Squares};
use qipu::go::Rules;
use qipu::go::SgfOptions;
use qipu::lang::Lang;
use qipu::shard::Shard;
use qipu::shatar::{Notation, TextOptions};
use qipu::write::{Pieces, WriteOptions};
use qipu::{Game, ReadOptions};

fn unknown(what: &str, value: &str, known: &str) -> PyErr {
    PyValueError::new_err(format!("unknown {what} {value:?}: one of {known}"))
}

pub fn game(name: &str) -> PyResult<Game> {
    match name {
        "shatar" => Ok(Game::Shatar),
        "draughts" => Ok(Game::Draughts),
        "go" => Ok(Game::Go),
        _ => Err(unknown("game", name, "shatar, draughts, go")),
    }
}

/// `--game`, `--encoding`, `--rules`, `--variant`, `--repair`, `--max-record-size`.
pub fn read_options(
    game_name: Option<&str>,
    encoding: Option<&str>,
    rules: Option<&str>,
    variant: Option<&str>,
    repair: bool,
    max_record_size: Option<usize>,
) -> PyResult<ReadOptions> {
    let mut options = ReadOptions {
        game: game_name.map(game).transpose()?,
        encoding: match encoding {
            Some(label) => Some(qipu::text::encoding_for_label(label).ok_or_else(|| {
                PyValueError::new_err(format!("unknown encoding label {label:?}"))
            })?),
            None => None,
        },
        keep_records: true,
        max_record_size,
        repair,
        ..ReadOptions::default()
    };
    if max_record_size == Some(0) {
        return Err(PyValueError::new_err(
            "max_record_size must be at least 1 byte",
        ));
    }
    if let Some(name) = variant {
        options = options.with_rules(match name {
            "russian" => Variant::Russian,
            "brazilian" => Variant::Brazilian,
            _ => return Err(unknown("variant", name, "russian, brazilian")),
        });
    }
    if let Some(name) = rules {
        options = options.with_rules(match name {
            "chinese" => Rules::Chinese,
            "japanese" => Rules::Japanese,
            "korean" => Rules::Korean,
            "aga" => Rules::Aga,
            "nz" => Rules::NewZealand,
            "tromp-taylor" => Rules::TrompTaylor,
            "ing" => Rules::Ing,
            _ => {
                return Err(unknown(
                    "rules",
                    name,
                    "chinese, japanese, korean, aga, nz, tromp-taylor, ing",
                ))
            }
        });
    }
    Ok(options)
}

/// `shard=(K, N)`.
pub fn shard(shard: Option<(u32, u32)>) -> PyResult<Option<Shard>> {
    shard
        .map(|(k, n)| Shard::new(k, n).map_err(|err| PyValueError::new_err(err.to_string())))
        .transpose()
}

/// `lang="en" | "zh" | "zh-Hant"`.
pub fn lang(tag: &str) -> PyResult<Lang> {
    Lang::from_tag(tag).ok_or_else(|| unknown("language", tag, "en, zh, zh-Hant"))
}

/// The options of `convert`: `--notation`, `--pieces`, `--squares`, `--results`, `--fix`.
pub fn write_options(
    notation: &str,
    pieces: &str,
    squares: &str,
    results: Option<&str>,
    fix: bool,
) -> PyResult<WriteOptions> {
    let text = TextOptions {
        notation: match notation {
            "full" => Notation::Full,
            "short" => Notation::Short,
            _ => return Err(unknown("notation", notation, "full, short")),
        },
        pieces: match pieces {
            "latin" => Pieces::Latin,
            "zh" => Pieces::Zh,
            _ => return Err(unknown("pieces", pieces, "latin, zh")),
        },
    };
    let pdn = PdnOptions {
        squares: match squares {
            "algebraic" => Squares::Algebraic,
            "numeric" => Squares::Numeric,
            _ => return Err(unknown("squares", squares, "algebraic, numeric")),
        },
        results: match results {
            None => None,
            Some("standard") => Some(Results::Standard),
            Some("points") => Some(Results::Points),
            Some(other) => return Err(unknown("results", other, "standard, points")),
        },
    };
    Ok(WriteOptions::default()
        .with(text)
        .with(pdn)
        .with(SgfOptions { fix }))
}
