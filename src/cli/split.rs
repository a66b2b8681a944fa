//! `convert --split N` and `--split-by FIELD` below `--output-dir`: at most N records a
//! file, numbered (`games-0001.pgn`, `games-0002.pgn`, …), and one file per value of a
//! field over the whole run (`Lee Sedol.sgf`, `unknown.sgf` for the records without it).
//! Records are streamed to their files as they come, so memory holds the values met, not
//! the records; a run may have more values than files it may hold open, so the files
//! least recently written are closed and reopened when their value comes again. Every
//! file is written under a temporary name and put in place at the end, as the other
//! outputs are.

use std::collections::{HashMap, HashSet};
use std::io;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

use qipu::lang::Lang;
use qipu::select::Field;
use qipu::write::Format;
use qipu::{zh, Document, RecordReport};

use super::output::{AtomicFile, RecordWriter};
use super::summary;

/// How `convert` cuts its output into files.
#[derive(Clone, Default)]
pub struct Split {
    /// `--split N`: at most N records a file.
    pub per_file: Option<NonZeroUsize>,
    /// `--split-by FIELD`: one file (or numbered files) per value of the field.
    pub by: Option<Field>,
}

impl Split {
    /// Whether the output is cut at all.
    pub fn is_on(&self) -> bool {
        self.per_file.is_some() || self.by.is_some()
    }

    /// The line that refuses a split with no folder to write its files in.
    pub fn refusal(&self, output_dir: bool, lang: Lang) -> Option<String> {
        (self.is_on() && !output_dir).then(|| {
            lang.say(
                || {
                    "qipu: convert: --split and --split-by write their files below --output-dir DIR; name one"
                        .to_string()
                },
                || zh!("qipu: convert：--split 和 --split-by 把文件写在 --output-dir DIR 之下；请指定该文件夹"),
            )
        })
    }
}

/// The line that says how many files a split wrote, and where.
pub fn files_line(files: usize, dir: &Path, lang: Lang) -> String {
    lang.say(
        || {
            format!(
                "qipu: convert: split into {} below {}\n",
                summary::counted(files, "file"),
                dir.display()
            )
        },
        || {
            zh!(
                "qipu: convert：拆分为 {} 个文件，位于 {}\n",
                files,
                dir.display()
            )
        },
    )
}

/// The files of one output: `STEM.EXT` alone, or with `--split N` the numbered
/// `STEM-0001.EXT`, `STEM-0002.EXT`, … of at most N records each (four digits, more when
/// needed). Each file is made when its first record comes; all but the last are closed.
pub struct Numbered {
    target: PathBuf,
    per_file: Option<NonZeroUsize>,
    /// Files begun, numbered from 1.
    begun: usize,
    /// Records in the last file begun.
    in_last: usize,
    /// The last file, while it is held open.
    open: Option<RecordWriter<AtomicFile>>,
}

impl Numbered {
    /// The files of the output that would be `target` whole.
    pub fn new(target: PathBuf, per_file: Option<NonZeroUsize>) -> Numbered {
        Numbered {
            target,
            per_file,
            begun: 0,
            in_last: 0,
            open: None,
        }
    }

    /// The path of file `number`.
    fn path_of(&self, number: usize) -> PathBuf {
        if self.per_file.is_none() {
            return self.target.clone();
        }
        let mut name = self.target.file_stem().unwrap_or_default().to_os_string();
        name.push(format!("-{number:04}"));
        if let Some(extension) = self.target.extension() {
            name.push(".");
            name.push(extension);
        }
        self.target.with_file_name(name)
    }

    /// Writes one record: to the last file, or to a new one when that one is full.
    pub fn write(&mut self, text: &str, format: Format) -> io::Result<()> {
        let full = self.per_file.is_some_and(|n| self.in_last == n.get());
        let mut writer = match self.open.take() {
            Some(writer) if !full => writer,
            open => {
                if let Some(writer) = open {
                    writer.into_inner().close()?;
                }
                if self.begun == 0 || full {
                    self.begun += 1;
                    self.in_last = 0;
                    RecordWriter::new(AtomicFile::create(&self.path_of(self.begun))?)
                } else {
                    let file = AtomicFile::reopen(&self.path_of(self.begun))?;
                    RecordWriter::continuing(file, self.in_last)
                }
            }
        };
        writer.write(text, format)?;
        self.in_last += 1;
        self.open = Some(writer);
        Ok(())
    }

    /// Lets go of the last file until the next record for it.
    pub fn close(&mut self) -> io::Result<()> {
        match self.open.take() {
            Some(writer) => writer.into_inner().close(),
            None => Ok(()),
        }
    }

    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// The files made so far.
    pub fn files(&self) -> usize {
        self.begun
    }

    /// Puts every file in place.
    pub fn commit(mut self) -> io::Result<()> {
        self.close()?;
        for number in 1..=self.begun {
            AtomicFile::commit_closed(&self.path_of(number))?;
        }
        self.begun = 0;
        Ok(())
    }
}

impl Drop for Numbered {
    /// Files not committed are abandoned: what was there stays as it was.
    fn drop(&mut self) {
        drop(self.open.take());
        for number in 1..=self.begun {
            AtomicFile::abandon_closed(&self.path_of(number));
        }
    }
}

/// Files held open at once by `--split-by`, well below the usual limit of 1024 open files
/// a process, whatever the number of values.
const MAX_OPEN: usize = 64;

/// The name of the file of the records without the field.
const MISSING: &str = "unknown";

/// `--split-by`: the files of each value met, below the output folder.
pub struct ByValue {
    field: Field,
    dir: PathBuf,
    /// What follows a value's name: the shard's part, if any, and the extension.
    suffix: String,
    per_file: Option<NonZeroUsize>,
    /// Each value met (`None`: the records without the field), to its files.
    values: HashMap<Option<String>, usize>,
    outputs: Vec<Numbered>,
    /// The names given so far, in lower case, so that no two values share a file even
    /// where the file system ignores case.
    taken: HashSet<String>,
    /// When each output was last written, for closing the least recently written.
    last_written: Vec<u64>,
    clock: u64,
    /// The outputs holding a file open.
    open: Vec<usize>,
}

impl ByValue {
    /// Files below `dir`, named after the values of `field`, then `suffix` (the shard's
    /// part and the extension: `.shard-3-of-8.pgn`).
    pub fn new(field: Field, dir: PathBuf, suffix: String, per_file: Option<NonZeroUsize>) -> Self {
        ByValue {
            field,
            dir,
            suffix,
            per_file,
            values: HashMap::new(),
            outputs: Vec::new(),
            taken: HashSet::new(),
            last_written: Vec::new(),
            clock: 0,
            open: Vec::new(),
        }
    }

    /// Writes one record to the files of its value, made when the value is first met.
    pub fn write(
        &mut self,
        document: &Document,
        report: &RecordReport,
        text: &str,
        format: Format,
    ) -> io::Result<()> {
        let value = self.field.value(document, report);
        let at = match self.values.get(&value) {
            Some(&at) => at,
            None => {
                let name = self.name_of(value.as_deref());
                let target = self.dir.join(format!("{name}{}", self.suffix));
                self.outputs.push(Numbered::new(target, self.per_file));
                self.last_written.push(0);
                self.values.insert(value, self.outputs.len() - 1);
                self.outputs.len() - 1
            }
        };
        if !self.outputs[at].is_open() {
            if self.open.len() >= MAX_OPEN {
                self.close_least_recent()?;
            }
            self.open.push(at);
        }
        self.outputs[at].write(text, format)?;
        self.clock += 1;
        self.last_written[at] = self.clock;
        Ok(())
    }

    fn close_least_recent(&mut self) -> io::Result<()> {
        let least = (0..self.open.len()).min_by_key(|&i| self.last_written[self.open[i]]);
        if let Some(least) = least {
            let at = self.open.swap_remove(least);
            self.outputs[at].close()?;
        }
        Ok(())
    }

    /// A new value's file name: its safe form, with a short hash of the value when that
    /// form lost something of it or is the name of the records without the field, a
    /// longer one (then a count) in the rare case that the name is taken already.
    fn name_of(&mut self, value: Option<&str>) -> String {
        let name = match value {
            None => MISSING.to_string(),
            Some(value) => {
                let safe = safe_name(value);
                if safe == value && !safe.eq_ignore_ascii_case(MISSING) {
                    safe
                } else {
                    format!("{safe}-{:08x}", short_hash(value))
                }
            }
        };
        let mut unique = name.clone();
        if self.taken.contains(&unique.to_lowercase()) {
            let hash = fnv1a(value.unwrap_or_default().as_bytes());
            let base = format!(
                "{}-{hash:016x}",
                value.map_or(MISSING.to_string(), safe_name)
            );
            unique = base.clone();
            let mut count = 2;
            while self.taken.contains(&unique.to_lowercase()) {
                unique = format!("{base}-{count}");
                count += 1;
            }
        }
        self.taken.insert(unique.to_lowercase());
        unique
    }

    /// Puts every file in place; gives how many there are.
    pub fn commit(mut self) -> io::Result<usize> {
        let mut files = 0;
        for output in std::mem::take(&mut self.outputs) {
            files += output.files();
            output.commit()?;
        }
        Ok(files)
    }
}

/// The most bytes of a value kept in its file's name (a file name may have 255).
const MAX_NAME_BYTES: usize = 100;

/// A value as a file name that every common file system takes as it is: no path
/// separators or characters Windows refuses (each `_`), no control characters, no
/// combining marks or invisible format characters (so the name is the same whether the
/// file system composes accents or not), one dot where several stand together, none at
/// the start or end, no space at either end, no leading `-` (it reads as an option), no
/// name Windows reserves (`CON`, `NUL`, `COM1`, …, prefixed with `_`), at most
/// [`MAX_NAME_BYTES`] bytes. Letters of any script are kept: `李昌镐` is `李昌镐`.
pub fn safe_name(value: &str) -> String {
    let mut name = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            c if c.is_control() || "/\\:*?\"<>|".contains(c) => name.push('_'),
            c if invisible(c) => {}
            '.' if name.ends_with('.') => {}
            c if c.is_whitespace() => name.push(' '),
            c => name.push(c),
        }
    }
    let mut name = name
        .trim_matches(|c: char| c == '.' || c == ' ')
        .to_string();
    if name.starts_with('-') {
        name.replace_range(..1, "_");
    }
    let stem = name.split('.').next().unwrap_or_default().trim_end();
    if reserved_on_windows(stem) {
        name.insert(0, '_');
    }
    if name.len() > MAX_NAME_BYTES {
        let mut end = MAX_NAME_BYTES;
        while !name.is_char_boundary(end) {
            end -= 1;
        }
        name.truncate(end);
        let kept = name.trim_end_matches(['.', ' ']).len();
        name.truncate(kept);
    }
    if name.is_empty() {
        name.push('_');
    }
    name
}

/// Combining marks (an accent written after its letter) and characters that are not seen
/// (zero widths, direction overrides, the byte-order mark, variation selectors).
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{0300}'..='\u{036F}'
        | '\u{1AB0}'..='\u{1AFF}'
        | '\u{1DC0}'..='\u{1DFF}'
        | '\u{20D0}'..='\u{20FF}'
        | '\u{FE20}'..='\u{FE2F}'
        | '\u{3099}'..='\u{309A}'
        | '\u{00AD}'
        | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}'
        | '\u{FE00}'..='\u{FE0F}'
        | '\u{FEFF}')
}

/// `CON`, `PRN`, `AUX`, `NUL`, `COM0`–`COM9`, `LPT0`–`LPT9` (and with ¹ ² ³), in any
/// case: Windows takes them for devices whatever extension follows.
fn reserved_on_windows(stem: &str) -> bool {
    let upper = stem.to_ascii_uppercase();
    if ["CON", "PRN", "AUX", "NUL"].contains(&upper.as_str()) {
        return true;
    }
    let mut chars = upper.chars();
    let device: String = chars.by_ref().take(3).collect();
    let digit = chars.next();
    (device == "COM" || device == "LPT")
        && chars.next().is_none()
        && digit.is_some_and(|d| d.is_ascii_digit() || "¹²³".contains(d))
}

/// FNV-1a over the bytes: the same on every machine and in every run.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Eight hex digits' worth of [`fnv1a`], both halves folded in.
fn short_hash(value: &str) -> u32 {
    let hash = fnv1a(value.as_bytes());
    (hash ^ (hash >> 32)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_names_keep_letters_and_drop_what_file_systems_refuse() {
        let table = [
            ("Lee Sedol", "Lee Sedol"),
            ("李昌镐", "李昌镐"),
            ("Ulaanbaatar Open 1990", "Ulaanbaatar Open 1990"),
            ("a/b\\c", "a_b_c"),
            ("..", "_"),
            ("../../etc/passwd", "_._etc_passwd"),
            (".hidden", "hidden"),
            ("a..b", "a.b"),
            ("tail. ", "tail"),
            ("CON", "_CON"),
            ("con.txt", "_con.txt"),
            ("COM1", "_COM1"),
            ("COM10", "COM10"),
            ("Lpt¹", "_Lpt¹"),
            ("line\nbreak\t", "line_break_"),
            ("?", "_"),
            ("1-0", "1-0"),
            ("-", "_"),
            ("e\u{301}", "e"),
            ("\u{e9}", "\u{e9}"),
            ("a\u{202e}b", "ab"),
            ("  ", "_"),
            ("", "_"),
            ("Kim\u{3000}Jiseok", "Kim Jiseok"),
        ];
        for (value, name) in table {
            assert_eq!(safe_name(value), name, "{value:?}");
        }
        let long = "棋".repeat(60);
        let name = safe_name(&long);
        assert!(name.len() <= MAX_NAME_BYTES && name.chars().all(|c| c == '棋'));
    }

    fn names(values: &[Option<&str>]) -> Vec<String> {
        let mut by = ByValue::new(
            Field::parse("event").unwrap(),
            PathBuf::from("out"),
            ".pgn".to_string(),
            None,
        );
        values.iter().map(|v| by.name_of(*v)).collect()
    }

    #[test]
    fn names_are_stable_and_never_shared() {
        let names = names(&[
            Some("Lee Sedol"),
            None,
            Some("unknown"),
            Some("Unknown"),
            Some("a/b"),
            Some("a_b"),
            Some("a?b"),
            Some("LEE SEDOL"),
        ]);
        assert_eq!(names[0], "Lee Sedol");
        assert_eq!(names[1], "unknown");
        assert_eq!(names[2], format!("unknown-{:08x}", short_hash("unknown")));
        assert_eq!(names[3], format!("Unknown-{:08x}", short_hash("Unknown")));
        assert_eq!(names[4], format!("a_b-{:08x}", short_hash("a/b")));
        assert_eq!(names[5], "a_b");
        assert_eq!(names[6], format!("a_b-{:08x}", short_hash("a?b")));
        // Differs from the first only in case: its own file on any file system.
        assert_eq!(
            names[7],
            format!("LEE SEDOL-{:016x}", fnv1a("LEE SEDOL".as_bytes()))
        );
        let folded: HashSet<String> = names.iter().map(|n| n.to_lowercase()).collect();
        assert_eq!(folded.len(), names.len());
        // The same value, the same name, in any run and on any machine.
        assert_eq!(names[4], "a_b-e2480c78");
    }

    #[test]
    fn numbered_files_have_four_digits_and_more_when_needed() {
        let numbered = Numbered::new(
            PathBuf::from("out/sub/games.shard-1-of-4.pgn"),
            NonZeroUsize::new(2),
        );
        assert_eq!(
            numbered.path_of(1),
            Path::new("out/sub/games.shard-1-of-4-0001.pgn")
        );
        assert_eq!(
            numbered.path_of(12345),
            Path::new("out/sub/games.shard-1-of-4-12345.pgn")
        );
        let whole = Numbered::new(PathBuf::from("out/Lee.pgn"), None);
        assert_eq!(whole.path_of(1), Path::new("out/Lee.pgn"));
    }
}
