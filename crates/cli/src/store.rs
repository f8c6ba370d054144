//! Where this process's counts come from: the results cache, one shard of a sharded run, or the
//! shards a `merge` read. The math crates ask `parsheet_shard::counted(key, compute)`; this is
//! the store behind it (docs/SHARDING.md). Files are `parsheet-store`'s signed count files; what
//! parsheet trusts and why is docs/SECURITY.md.
//!
//! A merge runs the command recorded in the shards (signed with them) again, with the merged
//! counts as its computation, so it prints exactly what one process prints. Before it runs
//! anything for real it checks the command: only `analyze`, `strategy` and `explore --search`
//! with options that read (never `--write`, `--out`, `--force`, `--shard`), and a probe run,
//! which stops at the computation the command would split, must find the shards' fingerprint.
//! `--recheck K` then recounts K shards here and refuses the merge if any differs.

use std::path::PathBuf;

use parsheet_shard::Shard;
use parsheet_store::{Cache, Plan, SigningKey};

/// The build's fingerprint (`build.rs`): a SHA-256 of the workspace's sources and manifests.
pub const BUILD: &str = env!("PARSHEET_BUILD");

/// `--cache DIR` / `--no-cache`, on every command that computes.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct CacheArgs {
    /// Keep finished counts in DIR and reuse them (default: $PARSHEET_CACHE, else
    /// $XDG_CACHE_HOME/parsheet, else ~/.cache/parsheet). Entries are signed with your key
    /// ($PARSHEET_KEY_FILE, else ~/.config/parsheet/key) and keyed by their inputs and the
    /// build, so a stale, foreign or edited entry is never used.
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

    /// The cache of this run, opened (and its key created) on first use; a cache others can
    /// write is refused. Without a usable key (no location, or one that cannot be created or
    /// read: a read-only HOME, a full disk) the run goes on without the cache, saying so once:
    /// a cache costs time, not the result.
    fn open(&self) -> Result<Option<Cache>, String> {
        let Some(dir) = self.dir() else { return Ok(None) };
        let Some(key_path) = parsheet_store::default_key_path() else {
            eprintln!("parsheet: warning: no key file location (set PARSHEET_KEY_FILE or HOME): running without the results cache (--no-cache says so and silences this)");
            return Ok(None);
        };
        let key = match SigningKey::open_or_create(&key_path) {
            Ok(k) => k,
            Err(e) => {
                eprintln!("parsheet: warning: {e}; running without the results cache (computing everything, keeping nothing). Set PARSHEET_KEY_FILE to a key file of your own, or pass --no-cache to silence this");
                return Ok(None);
            }
        };
        Cache::open(&dir, key).map(Some)
    }
}

/// The signing key of a shard run or a merge: `create` for a run that writes (a first run on a
/// machine makes the key), not for a merge, whose files a missing key could only refuse.
fn signing_key(create: bool) -> Result<SigningKey, String> {
    let path = parsheet_store::default_key_path().ok_or("no key file location: set PARSHEET_KEY_FILE (or HOME); docs/SECURITY.md")?;
    let key = if create { SigningKey::open_or_create(&path) } else { SigningKey::open(&path) };
    // A shard is signed and a merge checks signatures: neither can run without the key.
    key.map_err(|e| format!("{e}. Shard files are signed with this key and merge checks them with it, so --shard and merge need a usable key: set PARSHEET_KEY_FILE (docs/SECURITY.md)"))
}

/// `parsheet key`.
#[derive(clap::Args)]
pub struct KeyArgs {
    /// Only print where the key is looked for; create nothing.
    #[arg(long)]
    pub path_only: bool,
}

/// `parsheet key`: the key file's path, the key created if missing (and checked if present).
pub fn key(args: KeyArgs) -> Result<(), String> {
    let path = parsheet_store::default_key_path().ok_or("no key file location: set PARSHEET_KEY_FILE (or HOME)")?;
    if !args.path_only {
        SigningKey::open_or_create(&path)?;
    }
    println!("{}", path.display());
    Ok(())
}

/// `--shard K/N --out FILE`, on the commands whose computation splits.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct ShardArgs {
    /// Count only shard K of N (K from 0 to N-1) of the computation and write its exact
    /// partial counts to --out, signed with your key; `parsheet merge` adds the N files up.
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

pub use parsheet_store::process::Target;
use parsheet_store::process::{is_stopped, with_process, Mode, Process};

/// Whether stderr says where counts came from (`-v`).
pub static VERBOSE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// A process's store; `command` is the shards' recorded command (empty where there are no
/// shards), whose table digests are inputs of its shards.
fn process(cache: Option<parsheet_store::Cache>, target: Target, mode: Mode, command: &[String]) -> Process {
    Process { cache, build: BUILD.into(), target, mode, verbose: VERBOSE.load(std::sync::atomic::Ordering::Relaxed), shard_inputs: tables_inputs(command) }
}

/// The SHA-256 of each table file a recorded command reads (its `--tables-sha256 PATH=HEX`), as
/// inputs of its shards: `tables-sha256 = PATH=HEX` lines.
fn tables_inputs(command: &[String]) -> String {
    command.windows(2).filter(|w| w[0] == "--tables-sha256").map(|w| format!("tables-sha256 = {}\n", w[1])).collect()
}

/// Installs the store of an ordinary run: the cache of `cache`, if any.
pub fn install(cache: &CacheArgs) -> Result<(), String> {
    parsheet_store::process::install(process(cache.open()?, Target::Counts, Mode::Cache, &[]))
}

/// Installs the store of a run with `--shard`, after checking the target file; `command` is the
/// command line to record (so `merge` can run it again). Without `--shard`, an ordinary run.
pub fn install_for(shard: &ShardArgs, cache: &CacheArgs, target: Target, force: bool, sharding: Result<(), String>) -> Result<(), String> {
    let (Some(s), Some(out)) = (shard.shard, &shard.out) else {
        return install(cache);
    };
    sharding?;
    // Refused now, before anything is counted, if its merge would be refused.
    let command = recorded_command()?;
    check_mergeable(&command).map_err(|e| format!("--shard: its shards could never be merged: {e}"))?;
    crate::output::check_file_target(out, force)?;
    let out = out.clone();
    let sink: parsheet_store::process::ShardSink = Box::new(move |bytes| {
        let text = std::str::from_utf8(bytes).map_err(|_| "a count file is JSON text".to_string())?;
        crate::output::write_file(&out, text, force)?;
        Ok(out.display().to_string())
    });
    let inputs_of = command.clone();
    let mode = Mode::Shard { shard: s, command, key: signing_key(true)?, sink, written: false };
    parsheet_store::process::install(process(cache.open()?, target, mode, &inputs_of))
}

/// This run's command line without what only this run concerns (the shard, its file, the
/// cache, the output format, which a merge chooses itself, and `-v`), with the SHA-256 of each
/// table file or directory it reads (`--tables-sha256 PATH=HEX`), which the merge's run checks.
fn recorded_command() -> Result<Vec<String>, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut command = strip(&args, &["--shard", "--out", "--cache", "--format", "--tables-sha256"], &["--force", "--no-cache", "-v", "--verbose"]);
    let mut digests = Vec::new();
    for (i, a) in command.iter().enumerate() {
        let path = match a.as_str() {
            "--tables" | "--with-tables" => command.get(i + 1).cloned(),
            _ => a.strip_prefix("--tables=").or_else(|| a.strip_prefix("--with-tables=")).map(str::to_string),
        };
        if let Some(p) = path {
            digests.extend(["--tables-sha256".to_string(), format!("{p}={}", crate::tables_digest(std::path::Path::new(&p))?)]);
        }
    }
    command.extend(digests);
    Ok(command)
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
    is_stopped(message) && parsheet_store::process::shard_written()
}

/// `parsheet merge`: the shard files of one computation.
#[derive(clap::Args)]
pub struct MergeArgs {
    /// The shard files, one per shard K of N (`--shard K/N --out FILE`), signed with the key
    /// this machine has (a cluster shares one key file: docs/SHARDING.md).
    #[arg(required = true, value_name = "FILES")]
    files: Vec<PathBuf>,
    /// Before merging, count K of the shards again here (chosen by --seed) and refuse the merge
    /// if any differs from its file: for clusters whose nodes are not trusted.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    recheck: Option<u32>,
    /// The seed that chooses the shards --recheck counts (default: a random one, printed).
    #[arg(long, value_name = "S", requires = "recheck")]
    seed: Option<u64>,
    /// How to print the result (as the sharded command prints it; default: the command's own).
    #[arg(long, value_enum)]
    format: Option<crate::Format>,
    #[command(flatten)]
    cache: CacheArgs,
}

/// The subcommands a merge runs and the options they may carry: options that only read. Never
/// `--write`, `--out`, `--force` or `--shard`; `--format` and the cache are the merge's own.
/// `--tables` and `--with-tables` come with `--tables-sha256`, recorded by the shard run.
const MERGEABLE: [(&str, &[&str]); 3] = [
    ("analyze", &["--paytable", "--variant", "--house-way", "--pays", "--tables", "--with-tables", "--tables-sha256"]),
    ("strategy", &["--variant", "--paytable", "--tables", "--with-tables", "--tables-sha256", "--house-way", "--deck", "--bad-beat", "--min-raise", "--hole", "--board"]),
    ("explore", &["--paytable", "--variant", "--search", "--bound", "--any-order", "--rank-by", "--limit", "--max-nodes", "--pays", "--tables", "--with-tables", "--tables-sha256"]),
];

/// Whether a recorded command is a search (whose shards merge by ranking, not by adding).
fn is_search(command: &[String]) -> bool {
    command.iter().any(|a| a == "--search" || a.starts_with("--search="))
}

const ONLY: &str = "a merge runs only analyze, strategy and explore --search, with options that read";

/// Refuses a recorded command a merge must not run.
fn check_mergeable(command: &[String]) -> Result<(), String> {
    let shown = || parsheet_store::shell_words(command);
    let (_, allowed) = MERGEABLE
        .iter()
        .find(|(name, _)| command.first().map(String::as_str) == Some(name))
        .ok_or_else(|| format!("the shards' command `{}` is not one a merge runs: {ONLY}", shown()))?;
    if command[0] == "explore" && !is_search(command) {
        return Err(format!("the shards' command `{}` is explore without --search: {ONLY}", shown()));
    }
    for a in &command[1..] {
        if a.starts_with('-') {
            let name = a.split_once('=').map_or(a.as_str(), |x| x.0);
            if !allowed.contains(&name) {
                return Err(format!("the shards' command `{}` has the option {name}: {ONLY}", shown()));
            }
        }
    }
    Ok(())
}

/// `parsheet merge`: checks the shards (signed, one computation, this build, each of 0..N once),
/// checks the command they record, rechecks shards if asked, and runs the command with the
/// merged counts. `run` runs a command line (`parsheet …`) in this process.
pub fn merge(args: MergeArgs, run: &dyn Fn(&[String]) -> Result<(), String>) -> Result<(), String> {
    let key = signing_key(false)?;
    let mut merger = parsheet_store::Merger::new(key, BUILD);
    let mut recheck: Vec<u32> = Vec::new();
    let mut command: Vec<String> = Vec::new();
    for path in &args.files {
        merger.add(path, &mut |first, shard| {
            command = first.command.clone().unwrap_or_default();
            recheck = match args.recheck {
                Some(k) => choose(shard.count(), k, args.seed),
                None => vec![],
            };
            Plan { sum: !is_search(&command), keep: recheck.clone() }
        })?;
    }
    let merged = merger.finish()?;
    if let Some(k) = args.recheck {
        if k > merged.count {
            return Err(format!("--recheck {k}: there are {} shards", merged.count));
        }
    }
    check_mergeable(&command)?;
    let target = if is_search(&command) { Target::Search } else { Target::Counts };
    let mut argv = vec!["parsheet".to_string()];
    argv.extend(command.iter().cloned());
    if let Some(f) = args.format {
        argv.extend(["--format".into(), f.name().into()]);
    }
    argv.extend(args.cache.argv());
    let shown = parsheet_store::shell_words(&command);

    // The probe: the command's own computation must be the shards'.
    parsheet_store::process::install(process(args.cache.open()?, target, Mode::Probe { found: None }, &command))?;
    match run(&argv) {
        Err(e) if is_stopped(&e) => {}
        Err(e) => return Err(format!("the shards' command `{shown}` fails here: {e}")),
        Ok(()) => return Err(format!("`parsheet {shown}` did not ask for the shards' computation")),
    }
    let found = with_process(|p| match &p.mode {
        Mode::Probe { found } => found.clone(),
        _ => None,
    });
    let identity = &merged.identity;
    match found {
        Some((fp, _)) if fp == identity.fingerprint() => {}
        Some((_, computation)) => {
            return Err(format!("the shards' command `{shown}` computes {computation} with other inputs than the shards ({}): refusing to merge", identity.computation))
        }
        None => return Err(format!("`parsheet {shown}` did not ask for the shards' computation")),
    }

    // The recheck: recount the chosen shards here.
    for (index, expected) in merged.kept {
        let shard = Shard::new(index, merged.count)?;
        with_process(|p| p.mode = Mode::Recheck { shard, expected, same: None });
        match run(&argv) {
            Err(e) if is_stopped(&e) => {}
            Err(e) => return Err(format!("--recheck: counting shard {shard} here failed: {e}")),
            Ok(()) => return Err(format!("--recheck: `parsheet {shown}` did not count shard {shard}")),
        }
        let same = with_process(|p| match &p.mode {
            Mode::Recheck { same, .. } => *same,
            _ => None,
        });
        if same != Some(true) {
            return Err(format!(
                "--recheck: shard {shard} counted here differs from its file {}: its counts are not what this build counts; refusing to merge",
                merged.paths[index as usize].display()
            ));
        }
        eprintln!("parsheet: --recheck: shard {shard} counted here equals its file");
    }

    with_process(|p| p.mode = Mode::Merge { fingerprint: identity.fingerprint(), computation: identity.computation.clone(), tallies: merged.tallies, used: false });
    run(&argv)?;
    let used = with_process(|p| matches!(p.mode, Mode::Merge { used: true, .. }));
    if !used {
        return Err(format!("`parsheet {shown}` did not ask for the shards' computation"));
    }
    Ok(())
}

/// `k` distinct shard indexes of `n`, chosen by `seed` (a random one, printed, if none).
fn choose(n: u32, k: u32, seed: Option<u64>) -> Vec<u32> {
    let seed = seed.unwrap_or_else(|| {
        let mut b = [0u8; 8];
        getrandom::fill(&mut b).expect("random bytes from the system");
        u64::from_le_bytes(b)
    });
    let mut state = seed;
    let mut next = || {
        // splitmix64
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut all: Vec<u32> = (0..n).collect();
    let k = k.min(n) as usize;
    for i in 0..k {
        let j = i + (next() % (n as u64 - i as u64)) as usize;
        all.swap(i, j);
    }
    let mut chosen = all[..k].to_vec();
    chosen.sort_unstable();
    eprintln!(
        "parsheet: --recheck {k}: counting shards {} here (seed {seed}; --seed {seed} chooses them again)",
        chosen.iter().map(|i| format!("{i}/{n}")).collect::<Vec<_>>().join(", ")
    );
    chosen
}

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

/// After a `--shard` run: an error unless its shard file was written.
pub fn check_shard_written() -> Result<(), String> {
    if parsheet_store::process::is_shard_run() && !parsheet_store::process::shard_written() {
        return Err("--shard: the command finished without the computation it splits, so no shard file was written".into());
    }
    Ok(())
}
