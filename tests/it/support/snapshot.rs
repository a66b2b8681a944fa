//! The one naming scheme of the snapshot tests: `<what>__<sample>`, which insta files as
//! `tests/it/snapshots/it__<module>__<what>__<sample>.snap`.

use std::path::Path;

/// The name of the snapshot of `what` run on the sample file `sample`. `what` is the
/// command, then the output format when the snapshot holds one (`validate_json`,
/// `convert_pdn_numeric`; `convert` when it holds every format); the sample is named by
/// its file name without the extension.
pub fn snapshot_name(what: &str, sample: impl AsRef<Path>) -> String {
    let stem = sample
        .as_ref()
        .file_stem()
        .expect("a sample file")
        .to_str()
        .expect("a UTF-8 file name");
    format!("{what}__{stem}")
}
