//! The shard files of one run, checked and added up one file at a time: a merge holds one file
//! and the running sum, whatever the number of shards.

use std::path::{Path, PathBuf};

use parsheet_shard::{Shard, Tally};

use crate::file::Encoded;
use crate::{CountFile, FileError, Kind, SigningKey};

/// What to keep of the shards, decided once the first file says what they count.
pub struct Plan {
    /// Add the tallies as they come (counts); otherwise keep each (a search, merged by its own
    /// rule; its tallies are small).
    pub sum: bool,
    /// Shard indexes whose tallies are also kept whole (those a recheck recounts).
    pub keep: Vec<u32>,
}

/// Shard files read so far.
pub struct Merger {
    key: SigningKey,
    build: String,
    first: Option<First>,
    by_index: Vec<Option<PathBuf>>,
    plan: Plan,
    sum: Option<Tally>,
    tallies: Vec<(u32, Tally)>,
    kept: Vec<(u32, Tally)>,
}

struct First {
    path: PathBuf,
    file: CountFile,
    shard: Shard,
}

/// Every shard of one computation, checked.
pub struct Merged {
    /// The first file's identity and command (its tally is left empty).
    pub identity: CountFile,
    /// N.
    pub count: u32,
    /// The sum of every tally (with [`Plan::sum`]), else every tally in index order.
    pub tallies: Vec<Tally>,
    /// The tallies of [`Plan::keep`], by index.
    pub kept: Vec<(u32, Tally)>,
    /// The file of each shard, by index.
    pub paths: Vec<PathBuf>,
}

impl Merger {
    pub fn new(key: SigningKey, build: &str) -> Merger {
        Merger { key, build: build.to_string(), first: None, by_index: Vec::new(), plan: Plan { sum: true, keep: vec![] }, sum: None, tallies: Vec::new(), kept: Vec::new() }
    }

    /// Reads, checks and adds one shard file. `plan` is asked once, with the first file.
    pub fn add(&mut self, path: &Path, plan: &mut dyn FnMut(&CountFile, Shard) -> Plan) -> Result<(), String> {
        let at = |e: String| format!("{}: {e}", path.display());
        let (file, encoded) = CountFile::read_encoded(path, &self.key).map_err(|e| at(match e {
            FileError::Unsigned(e) => format!("{e}; merge takes signed shard files only"),
            e => e.to_string(),
        }))?;
        if file.kind != Kind::Shard {
            return Err(at(format!("a {} file, not a shard", file.kind.name())));
        }
        let shard = file.shard.expect("a shard file has its label");
        let Some(first) = &self.first else {
            if file.build != self.build {
                return Err(at(format!(
                    "the shards were counted by another build of parsheet ({}…; this one is {}…): merge them with the binary that counted them, or count them again",
                    &file.build[..12.min(file.build.len())],
                    &self.build[..12.min(self.build.len())]
                )));
            }
            self.plan = plan(&file, shard);
            self.by_index = vec![None; shard.count() as usize];
            self.first = Some(First { path: path.to_path_buf(), file: CountFile { tally: Tally::new(), ..file.clone() }, shard });
            return self.take(path, shard, encoded);
        };
        if file.fingerprint() != first.file.fingerprint() || file.command != first.file.command {
            return Err(format!(
                "{} and {} are shards of different computations ({}): merge the shards of one run",
                first.path.display(),
                path.display(),
                difference(&first.file, &file)
            ));
        }
        if shard.count() != first.shard.count() {
            return Err(format!("{} is shard {shard} but {} is shard {}: the shards of one run share their N", path.display(), first.path.display(), first.shard));
        }
        if let Some(other) = &self.by_index[shard.index() as usize] {
            return Err(format!("{} and {} are both shard {shard}: give each shard once", other.display(), path.display()));
        }
        self.take(path, shard, encoded)
    }

    /// Adds a shard's counts: decoded into the running sum as they are read, never held whole
    /// beside it (unless kept or not summed).
    fn take(&mut self, path: &Path, shard: Shard, encoded: Encoded) -> Result<(), String> {
        let at = |e: String| format!("{}: {}", path.display(), FileError::Malformed(e));
        self.by_index[shard.index() as usize] = Some(path.to_path_buf());
        if self.plan.keep.contains(&shard.index()) {
            self.kept.push((shard.index(), encoded.decode().map_err(at)?));
        }
        if !self.plan.sum {
            self.tallies.push((shard.index(), encoded.decode().map_err(at)?));
            return Ok(());
        }
        match &mut self.sum {
            None => self.sum = Some(encoded.decode().map_err(at)?),
            Some(sum) => encoded.add_to(sum).map_err(|e| format!("{}: cannot add its counts to the others': {e}", path.display()))?,
        }
        Ok(())
    }

    /// Every shard, or which are missing.
    pub fn finish(self) -> Result<Merged, String> {
        let first = self.first.ok_or("no shard files")?;
        let n = first.shard.count();
        let missing: Vec<usize> = self.by_index.iter().enumerate().filter(|x| x.1.is_none()).map(|x| x.0).collect();
        if !missing.is_empty() {
            return Err(format!("shards missing: {} (of {n}); run them (`--shard K/{n} --out FILE`) and merge every file", ranges(&missing, n)));
        }
        let tallies = if self.plan.sum {
            self.sum.into_iter().collect()
        } else {
            let mut t = self.tallies;
            t.sort_by_key(|t| t.0);
            t.into_iter().map(|t| t.1).collect()
        };
        let mut kept = self.kept;
        kept.sort_by_key(|k| k.0);
        let paths = self.by_index.into_iter().map(|p| p.expect("none missing")).collect();
        Ok(Merged { identity: first.file, count: n, tallies, kept, paths })
    }
}

/// Shard indexes as `K/N`, runs written `A-B/N`: "0/8, 3-6/8".
/// What differs between two shards' identities, first of: the computation, the inputs (each
/// line that differs), the build, the command.
fn difference(a: &CountFile, b: &CountFile) -> String {
    if a.computation != b.computation {
        return format!("{} / {}", a.computation, b.computation);
    }
    if a.inputs != b.inputs {
        let (la, lb): (Vec<&str>, Vec<&str>) = (a.inputs.lines().collect(), b.inputs.lines().collect());
        let only = |x: &[&str], y: &[&str]| x.iter().filter(|l| !y.contains(l)).copied().collect::<Vec<_>>().join("; ");
        return format!("{}, with {} / with {}", a.computation, only(&la, &lb), only(&lb, &la));
    }
    if a.build != b.build {
        return format!("{}, counted by different builds", a.computation);
    }
    let shown = |c: &Option<Vec<String>>| c.as_deref().map_or(String::new(), crate::shell_words);
    format!("{}, recorded commands `{}` / `{}`", a.computation, shown(&a.command), shown(&b.command))
}

fn ranges(indexes: &[usize], n: u32) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < indexes.len() {
        let mut j = i;
        while j + 1 < indexes.len() && indexes[j + 1] == indexes[j] + 1 {
            j += 1;
        }
        out.push(if i == j { format!("{}/{n}", indexes[i]) } else { format!("{}-{}/{n}", indexes[i], indexes[j]) });
        i = j + 1;
    }
    out.join(", ")
}
