//! Error lines that say what could not be done to which path, and why, in the run's
//! language: `qipu: cannot write out/x.svg: no such directory`. A [`PathError`] travels
//! inside the `io::Error` that stops a run, and the run's end words it.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use qipu::diag::{io_reason, io_reason_zh};
use qipu::lang::{Lang, Zh};
use qipu::zh;

/// What was being done to the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doing {
    /// Writing a file (the output or a temporary file beside it).
    Write,
    /// Making a directory for the output.
    CreateDirectory,
}

/// An operation on a path that failed, and why.
#[derive(Debug)]
pub struct PathError {
    doing: Doing,
    path: PathBuf,
    kind: io::ErrorKind,
}

impl PathError {
    /// The error of `doing` on `path`, as an `io::Error` of the same kind.
    pub fn wrap(doing: Doing, path: &Path) -> impl FnOnce(io::Error) -> io::Error + '_ {
        move |error| {
            let kind = error.kind();
            io::Error::new(
                kind,
                PathError {
                    doing,
                    path: path.to_path_buf(),
                    kind,
                },
            )
        }
    }

    /// The path error an `io::Error` carries, if any.
    pub fn of(error: &io::Error) -> Option<&PathError> {
        error.get_ref()?.downcast_ref::<PathError>()
    }

    /// The line in `lang`, without the `qipu: ` before it.
    pub fn line(&self, lang: Lang) -> String {
        lang.say(|| self.to_string(), || self.zh())
    }

    fn zh(&self) -> Zh {
        let why = match (self.doing, self.kind) {
            // The file itself need not exist: a directory on its way does not.
            (Doing::Write, io::ErrorKind::NotFound) => Zh::own("文件夹不存在"),
            (_, kind) => io_reason_zh(kind),
        };
        let path = self.path.display().to_string();
        match self.doing {
            Doing::Write => zh!("无法写入 {}：{}", path, why),
            Doing::CreateDirectory => zh!("无法创建文件夹 {}：{}", path, why),
        }
    }
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match (self.doing, self.kind) {
            (Doing::Write, io::ErrorKind::NotFound) => "no such directory".to_string(),
            (_, kind) => io_reason(kind),
        };
        let doing = match self.doing {
            Doing::Write => "cannot write",
            Doing::CreateDirectory => "cannot create directory",
        };
        write!(f, "{doing} {}: {why}", self.path.display())
    }
}

impl std::error::Error for PathError {}

/// The line that says an input could not be read, and why: `cannot read x.sgf: no such
/// file or directory`.
pub fn cannot_read(source: &str, kind: io::ErrorKind, lang: Lang) -> String {
    lang.say(
        || format!("cannot read {source}: {}", io_reason(kind)),
        || zh!("无法读取 {}：{}", source, io_reason_zh(kind)),
    )
}
