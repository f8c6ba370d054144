//! Where this process's counts come from: the results cache, one shard of a sharded run, or the
//! shards a `merge` read. The math crates ask `parsheet_shard::counted(key, compute)`; this is
//! the store behind it (docs/SHARDING.md).
//!
//! Every kept count is a JSON file naming its fingerprint: a SHA-256 of the computation's key
//! (what it counts and every input it depends on) and of the build (a hash of the source code,
//! `build.rs`). A file is used only when its recorded computation, inputs and build equal this
//! run's, and when its fingerprint is what they hash to, so neither a stale cache entry (another
//! build) nor a foreign one (other inputs) nor a shard of another run is ever read as this one.
//! Tallies are written as decimal integers, one string of comma-separated values per part.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use parsheet_shard::{Combine, Key, Shard, Store, Tally};
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};

/// The build's fingerprint (`build.rs`): a SHA-256 of the workspace's sources and manifests.
pub const BUILD: &str = env!("PARSHEET_BUILD");

/// What a shard run returns once its file is written: not an error, the run's end.
pub const SHARD_WRITTEN: &str = "\u{1}shard written";

/// The most bytes of one count file read (a Heads-Up Hold 'Em shard is about 8 MB).
const MAX_FILE: u64 = 256 << 20;

/// `--cache DIR` / `--no-cache`, on every command that computes.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct CacheArgs {
    /// Keep finished counts in DIR and reuse them (default: $PARSHEET_CACHE, else
    /// $XDG_CACHE_HOME/parsheet, else ~/.cache/parsheet). Entries are keyed by their inputs and
    /// the build, so a stale or foreign entry is never used.
    #[arg(long, value_name = "DIR", conflicts_with = "no_cache")]
    pub cache: Option<PathBuf>,
    /// Compute everything; read and write no cache.
    #[arg(long)]
    pub no_cache: bool,
}

impl CacheArgs {
    /// The cache directory of this run, if any.
    pub fn dir(&self) -> Option<PathBuf> {
        if self.no_cache {
            return None;
        }
        if let Some(d) = &self.cache {
            return Some(d.clone());
        }
        let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
        env("PARSHEET_CACHE").or_else(|| env("XDG_CACHE_HOME").map(|d| d.join("parsheet"))).or_else(|| env("HOME").map(|d| d.join(".cache/parsheet")))
    }

    /// The arguments that give the same cache to another run (a merge's rerun).
    fn argv(&self) -> Vec<String> {
        match (self.no_cache, &self.cache) {
            (true, _) => vec!["--no-cache".into()],
            (false, Some(d)) => vec!["--cache".into(), d.display().to_string()],
            (false, None) => vec![],
        }
    }
}

/// `--shard K/N --out FILE`, on the commands whose computation splits.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct ShardArgs {
    /// Count only shard K of N (K from 0 to N-1) of the computation and write its exact
    /// partial counts to --out; `parsheet merge` adds the N files up.
    #[arg(long, value_name = "K/N", requires = "out", value_parser = parse_shard)]
    pub shard: Option<Shard>,
    /// The shard file to write (refused if it exists, unless --force).
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub out: Option<PathBuf>,
}

/// `--shard K/N --out FILE [--force]` and the cache, on `analyze` and `strategy`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct RunArgs {
    #[command(flatten)]
    pub shard: ShardArgs,
    /// With --shard: replace an existing --out file.
    #[arg(long, requires = "shard")]
    pub force: bool,
    #[command(flatten)]
    pub cache: CacheArgs,
}

fn parse_shard(s: &str) -> Result<Shard, String> {
    s.parse()
}

/// Which computation of a command its `--shard` splits: the command's own (a wager's counts, a
/// main game), not the counts it reads on the way (a search reads its wager's counts whole).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Counts that add up (`Combine::Sum`).
    Counts,
    /// A search, whose shards merge by ranking (`Combine::Custom`).
    Search,
}

impl Target {
    fn of(key: &Key) -> Target {
        match key.combine {
            Combine::Sum => Target::Counts,
            Combine::Custom(_) => Target::Search,
        }
    }
}

enum Mode {
    Cache,
    Shard { shard: Shard, out: PathBuf, force: bool, command: Vec<String>, target: Target },
    Merge { fingerprint: String, computation: String, tallies: Vec<Tally>, target: Target },
}

struct CliStore {
    cache: Option<PathBuf>,
    mode: Mutex<Mode>,
}

/// The fingerprint of `key` under this build.
pub fn fingerprint(key: &Key) -> String {
    fingerprint_of(&key.computation, &key.inputs, BUILD)
}

fn fingerprint_of(computation: &str, inputs: &str, build: &str) -> String {
    let mut h = Sha256::new();
    for part in ["parsheet counts v1", build, computation, inputs] {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

fn tally_json(t: &Tally) -> Value {
    let parts: Map<String, Value> =
        t.parts().iter().map(|(name, values)| (name.clone(), Value::String(values.iter().map(i128::to_string).collect::<Vec<_>>().join(",")))).collect();
    Value::Object(parts)
}

fn tally_of(v: &Value) -> Result<Tally, String> {
    let parts = v.as_object().ok_or("\"tally\" is not an object")?;
    let mut t = Tally::new();
    for (name, values) in parts {
        let text = values.as_str().ok_or_else(|| format!("\"tally\".{name:?} is not a string of integers"))?;
        let values: Vec<i128> = if text.is_empty() {
            vec![]
        } else {
            text.split(',').map(|x| x.parse::<i128>().map_err(|_| format!("\"tally\".{name:?} holds {:?}, not an integer", x.chars().take(40).collect::<String>()))).collect::<Result<_, _>>()?
        };
        t.push(name, values);
    }
    Ok(t)
}

/// A file of counts (a cache entry or a shard), with everything that says what it counts.
fn document(kind: &str, key: &Key, tally: &Tally, extra: Vec<(&str, Value)>) -> Value {
    let mut m = Map::new();
    m.insert("parsheet".into(), json!(kind));
    m.insert("format".into(), json!(1));
    m.insert("fingerprint".into(), json!(fingerprint(key)));
    m.insert("build".into(), json!(BUILD));
    m.insert("computation".into(), json!(key.computation));
    m.insert("inputs".into(), json!(key.inputs));
    for (k, v) in extra {
        m.insert(k.into(), v);
    }
    let tally = tally_json(tally);
    m.insert("tally_sha256".into(), json!(checksum(&tally)));
    m.insert("tally".into(), tally);
    Value::Object(m)
}

/// A SHA-256 of the tally as written: it finds a damaged or truncated file (not a forged one;
/// the merged counts are checked again by the computation: every deal counted once).
fn checksum(tally: &Value) -> String {
    Sha256::digest(tally.to_string().as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// A count file read back, its identity checked against itself.
struct Read {
    fingerprint: String,
    build: String,
    computation: String,
    tally: Tally,
    doc: Map<String, Value>,
}

fn read(path: &Path, kind: &str) -> Result<Read, String> {
    let at = |e: String| format!("{}: {e}", path.display());
    let meta = std::fs::metadata(path).map_err(|e| at(e.to_string()))?;
    if !meta.is_file() {
        return Err(at("not a regular file".into()));
    }
    if meta.len() > MAX_FILE {
        return Err(at(format!("{} bytes; a count file has at most {MAX_FILE}", meta.len())));
    }
    let text = std::fs::read_to_string(path).map_err(|e| at(e.to_string()))?;
    let v: Value = serde_json::from_str(&text).map_err(|e| at(format!("not JSON: {e}")))?;
    let Value::Object(doc) = v else { return Err(at("not a JSON object".into())) };
    let field = |k: &str| doc.get(k).and_then(Value::as_str).map(str::to_string).ok_or_else(|| at(format!("field {k:?} is missing or not a string")));
    if doc.get("parsheet").and_then(Value::as_str) != Some(kind) || doc.get("format") != Some(&json!(1)) {
        return Err(at(format!("not a parsheet {kind} file of format 1")));
    }
    let (fingerprint, build, computation, inputs) = (field("fingerprint")?, field("build")?, field("computation")?, field("inputs")?);
    if fingerprint_of(&computation, &inputs, &build) != fingerprint {
        return Err(at("its fingerprint does not match its contents (the file was edited or damaged)".into()));
    }
    let tally = doc.get("tally").ok_or_else(|| at("field \"tally\" is missing".into()))?;
    if doc.get("tally_sha256").and_then(Value::as_str) != Some(checksum(tally).as_str()) {
        return Err(at("its counts do not match their checksum (the file was edited or damaged)".into()));
    }
    let tally = tally_of(tally).map_err(at)?;
    Ok(Read { fingerprint, build, computation, tally, doc })
}

impl CliStore {
    fn entry(&self, key: &Key) -> Option<PathBuf> {
        self.cache.as_ref().map(|d| d.join(format!("{}.json", fingerprint(key))))
    }

    /// A finished tally of `key` from the cache: only an entry whose identity is this key's.
    fn load(&self, key: &Key) -> Option<Tally> {
        let path = self.entry(key)?;
        if !path.exists() {
            return None;
        }
        match read(&path, "counts") {
            Ok(r) if r.fingerprint == fingerprint(key) && r.build == BUILD && r.computation == key.computation => {
                eprintln!("parsheet: reused from the cache: {} ({})", key.computation, path.display());
                Some(r.tally)
            }
            Ok(_) => None,
            Err(e) => {
                eprintln!("parsheet: ignoring a cache entry: {e}");
                None
            }
        }
    }

    /// Keeps a finished tally; a cache that cannot be written costs time, not the result.
    fn save(&self, key: &Key, tally: &Tally) {
        let Some(path) = self.entry(key) else { return };
        let text = document("counts", key, tally, vec![]).to_string();
        let done = std::fs::create_dir_all(path.parent().expect("in a directory")).map_err(|e| e.to_string()).and_then(|()| crate::output::write_file(&path, &text, true));
        if let Err(e) = done {
            eprintln!("parsheet: the cache could not keep {}: {e}", key.computation);
        }
    }

    fn whole(&self, key: &Key, compute: &mut dyn FnMut(Shard) -> Result<Tally, String>) -> Result<Tally, String> {
        if let Some(t) = self.load(key) {
            return Ok(t);
        }
        let t = compute(Shard::WHOLE)?;
        self.save(key, &t);
        Ok(t)
    }
}

impl Store for CliStore {
    fn counted(&self, key: &Key, compute: &mut dyn FnMut(Shard) -> Result<Tally, String>) -> Result<Tally, String> {
        let mut mode = self.mode.lock().unwrap_or_else(|e| e.into_inner());
        match &mut *mode {
            Mode::Shard { shard, out, force, command, target } if *target == Target::of(key) => {
                if SHARD_DONE.load(std::sync::atomic::Ordering::SeqCst) {
                    return Err("--shard: this command runs more than one computation that splits; shard each on its own".into());
                }
                let tally = compute(*shard)?;
                let doc = document("shard", key, &tally, vec![("command", json!(command)), ("shard", json!(shard.to_string()))]);
                crate::output::write_file(out, &doc.to_string(), *force)?;
                SHARD_DONE.store(true, std::sync::atomic::Ordering::SeqCst);
                eprintln!("parsheet: wrote shard {shard} of {} to {}", key.computation, out.display());
                Err(SHARD_WRITTEN.into())
            }
            Mode::Merge { fingerprint: fp, computation, tallies, target } if *target == Target::of(key) => {
                if *fp != fingerprint(key) {
                    return Err(format!(
                        "the shards count {computation}, but this run needs {} with other inputs: merge with the same --tables, house way and options the shards were run with",
                        key.computation
                    ));
                }
                let whole = key.combine.apply(std::mem::take(tallies)).map_err(|e| format!("cannot merge the shards: {e}"))?;
                *tallies = vec![whole.clone()];
                MERGE_USED.store(true, std::sync::atomic::Ordering::SeqCst);
                self.save(key, &whole);
                Ok(whole)
            }
            _ => {
                drop(mode);
                self.whole(key, compute)
            }
        }
    }
}

/// Installs the store of an ordinary run: the cache of `cache`, if any.
pub fn install(cache: &CacheArgs) {
    let _ = parsheet_shard::install(Box::new(CliStore { cache: cache.dir(), mode: Mutex::new(Mode::Cache) }));
}

/// Installs the store of a run with `--shard`, after checking the target file; `command` is the
/// command line to record (so `merge` can run it again). Without `--shard`, an ordinary run.
pub fn install_for(shard: &ShardArgs, cache: &CacheArgs, target: Target, force: bool, sharding: Result<(), String>) -> Result<(), String> {
    let (Some(s), Some(out)) = (shard.shard, &shard.out) else {
        install(cache);
        return Ok(());
    };
    sharding?;
    crate::output::check_file_target(out, force)?;
    let mode = Mode::Shard { shard: s, out: out.clone(), force, command: recorded_command(), target };
    SHARD_RUN.store(true, std::sync::atomic::Ordering::SeqCst);
    parsheet_shard::install(Box::new(CliStore { cache: cache.dir(), mode: Mutex::new(mode) }))
}

/// This run's command line without what only this run concerns: the shard, its file, the
/// cache and the output format (a merge chooses its own).
fn recorded_command() -> Vec<String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    strip(&args, &["--shard", "--out", "--cache", "--format"], &["--force", "--no-cache"])
}

fn strip(args: &[String], with_value: &[&str], flags: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if with_value.contains(&a.as_str()) {
            i += 2;
            continue;
        }
        if flags.contains(&a.as_str()) || with_value.iter().any(|w| a.starts_with(&format!("{w}="))) {
            i += 1;
            continue;
        }
        out.push(a.clone());
        i += 1;
    }
    out
}

/// Whether a run that ended with `message` wrote its shard (and so succeeded): a command may
/// have put the end of the run into words of its own.
pub fn is_shard_written(message: &str) -> bool {
    message.contains(SHARD_WRITTEN)
}

/// `parsheet merge`: the shard files of one computation.
#[derive(clap::Args)]
pub struct MergeArgs {
    /// The shard files, one per shard K of N (`--shard K/N --out FILE`).
    #[arg(required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
    /// How to print the result (as the sharded command prints it; default: the command's own).
    #[arg(long, value_enum)]
    format: Option<crate::Format>,
    #[command(flatten)]
    cache: CacheArgs,
}

/// Checks the shards (one computation, this build, each of 0..N once), installs them as the
/// store and returns the command line to run again: its computation is then the merged counts.
pub fn merge(args: MergeArgs) -> Result<Vec<String>, String> {
    let mut shards: Vec<(PathBuf, Read, Shard)> = Vec::new();
    for path in &args.files {
        let r = read(path, "shard")?;
        let shard: Shard = r.doc.get("shard").and_then(Value::as_str).ok_or_else(|| format!("{}: field \"shard\" is missing", path.display()))?.parse().map_err(|e| format!("{}: {e}", path.display()))?;
        shards.push((path.clone(), r, shard));
    }
    let (first_path, first, first_shard) = &shards[0];
    let command: Vec<String> = first
        .doc
        .get("command")
        .and_then(Value::as_array)
        .and_then(|a| a.iter().map(|x| x.as_str().map(str::to_string)).collect::<Option<Vec<_>>>())
        .filter(|c| !c.is_empty() && c.len() <= 200)
        .ok_or_else(|| format!("{}: field \"command\" is not a list of arguments", first_path.display()))?;
    if first.build != BUILD {
        return Err(format!(
            "{}: the shards were counted by another build of parsheet ({}…; this one is {}…): merge them with the binary that counted them, or count them again",
            first_path.display(),
            &first.build[..12.min(first.build.len())],
            &BUILD[..12]
        ));
    }
    let n = first_shard.count();
    let mut by_index: Vec<Option<&Path>> = vec![None; n as usize];
    for (path, r, s) in &shards {
        if r.fingerprint != first.fingerprint || r.doc.get("command") != first.doc.get("command") {
            return Err(format!("{} and {} are shards of different computations ({} / {}): merge the shards of one run", first_path.display(), path.display(), first.computation, r.computation));
        }
        if s.count() != n {
            return Err(format!("{} is shard {s} but {} is shard {first_shard}: the shards of one run share their N", path.display(), first_path.display()));
        }
        if let Some(other) = by_index[s.index() as usize] {
            return Err(format!("{} and {} are both shard {s}: give each shard once", other.display(), path.display()));
        }
        by_index[s.index() as usize] = Some(path);
    }
    let missing: Vec<usize> = by_index.iter().enumerate().filter(|x| x.1.is_none()).map(|x| x.0).collect();
    if !missing.is_empty() {
        return Err(format!("shards missing: {} (of {n}); run them (`--shard K/{n} --out FILE`) and merge every file", ranges(&missing, n)));
    }
    let target = if first.doc.get("command").and_then(Value::as_array).is_some_and(|c| c.iter().any(|a| a == "--search")) { Target::Search } else { Target::Counts };
    let computation = first.computation.clone();
    let fingerprint = first.fingerprint.clone();
    let tallies = shards.into_iter().map(|s| s.1.tally).collect();
    let mode = Mode::Merge { fingerprint, computation, tallies, target };
    parsheet_shard::install(Box::new(CliStore { cache: args.cache.dir(), mode: Mutex::new(mode) }))?;
    let mut argv = vec!["parsheet".to_string()];
    argv.extend(command);
    if let Some(f) = args.format {
        argv.extend(["--format".into(), f.name().into()]);
    }
    argv.extend(args.cache.argv());
    Ok(argv)
}

/// Whether the merged shards were the computation the rerun asked for.
pub fn merge_used() -> bool {
    MERGE_USED.load(std::sync::atomic::Ordering::SeqCst)
}

static MERGE_USED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether the main game of `game` splits into shards.
pub fn splits_main_game(game: &str) -> bool {
    matches!(game, "heads-up-holdem" | "face-up-pai-gow")
}

/// The computations that split, in words, for errors.
pub fn splitting() -> String {
    let wagers: Vec<String> = parsheet_games::wagers().filter(|w| w.shards()).map(|w| format!("{} {}", w.game, w.id)).collect();
    format!(
        "the computations that split are the main games of heads-up-holdem and face-up-pai-gow (analyze GAME base, strategy GAME), the wagers {} and explore --search",
        wagers.join(", ")
    )
}

/// Shard indexes as `K/N`, runs written `A-B/N`: "0/8, 3-6/8".
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

static SHARD_RUN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
static SHARD_DONE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// After a `--shard` run: an error unless its shard file was written.
pub fn check_shard_written() -> Result<(), String> {
    use std::sync::atomic::Ordering::SeqCst;
    if SHARD_RUN.load(SeqCst) && !SHARD_DONE.load(SeqCst) {
        return Err("--shard: the command finished without the computation it splits, so no shard file was written".into());
    }
    Ok(())
}
