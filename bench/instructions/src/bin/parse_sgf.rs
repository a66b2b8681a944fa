//! `parse_sgf DIR`: sgf-parse parses every `.sgf` file below DIR (read as UTF-8, invalid
//! bytes replaced, since sgf-parse takes text) without replaying it; prints the files, the
//! move nodes of their main lines and the files it could not parse.

use std::{fs, io, path::Path};

fn walk(dir: &Path, files: &mut Vec<std::path::PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, files)?;
        } else if path.extension().is_some_and(|e| e == "sgf") {
            files.push(path);
        }
    }
    Ok(())
}

fn main() -> io::Result<()> {
    let dir = std::env::args().nth(1).expect("usage: parse_sgf DIR");
    let mut files = Vec::new();
    walk(Path::new(&dir), &mut files)?;
    files.sort();
    let (mut plies, mut failed) = (0u64, 0u64);
    for path in &files {
        let bytes = fs::read(path)?;
        let text = String::from_utf8_lossy(&bytes);
        match sgf_parse::go::parse(&text) {
            Ok(trees) => {
                for root in &trees {
                    plies += root
                        .main_variation()
                        .filter(|node| node.get_move().is_some())
                        .count() as u64;
                }
            }
            Err(_) => failed += 1,
        }
    }
    println!("files {} plies {plies} failed {failed}", files.len());
    Ok(())
}
