//! Every integration test in one binary, one module per area, with the helpers they share
//! in `support`: one link instead of one per file. (tests/go_memory.rs stays a binary of
//! its own: its counting allocator sees every thread of its binary.)

mod support;

mod architecture;
mod chinese;
mod chinese_words;
mod cli;
mod convert_cli;
mod dedup;
mod draughts_archives;
mod draughts_perft;
mod draughts_validate;
mod encodings;
mod event_sheets;
mod every_encoding;
mod fix_property;
mod fmt;
mod fuzz_properties;
mod fuzz_read;
mod fuzz_round_trip;
mod go_cli;
mod go_convert;
mod go_encoded;
mod go_formats;
mod go_repeated;
mod go_rules;
mod go_validate;
mod html_report;
mod intent_draughts_go;
mod intent_shatar;
mod mistakes;
mod read_str;
mod readme_codes;
mod repair;
mod round_trip_property;
mod select;
mod sgf_checks;
mod sgf_corpus;
mod sgf_fix;
mod sgf_fuzz;
mod sgf_recovery;
mod shape;
mod shard;
mod shatar_convert;
mod shatar_perft;
mod shatar_rules;
mod shatar_validate;
mod show;
mod split;
mod stream_line_ends;
mod tree_charsets;
