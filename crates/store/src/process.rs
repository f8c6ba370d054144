//! The `parsheet_shard::Store` of a process: where its counts come from. The math crates ask
//! `parsheet_shard::counted(key, compute)`; a program installs one [`Process`] and, between runs
//! of a command (a merge runs its command up to three times), changes its [`Mode`].
//!
//! The mode concerns only the computation a command splits (its [`Target`]); every other count
//! a command asks for on the way is whole, from the cache or computed.

use std::sync::Mutex;

use parsheet_shard::{Combine, Key, Shard, Store, Tally};

use crate::{Cache, CountFile, Kind, Loaded, SigningKey};

/// What a probe or a recheck run returns once it has what it came for, and a shard run once
/// its file is written: not an error, the run's end.
pub const STOPPED: &str = "\u{1}stopped at the split computation";

/// Whether a run's error is the [`STOPPED`] signal (a command may have put it into words).
pub fn is_stopped(message: &str) -> bool {
    message.contains(STOPPED)
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
    /// The kind of split computation `key` is, `None` for one kept whole.
    fn of(key: &Key) -> Option<Target> {
        if !key.splits {
            return None;
        }
        Some(match key.combine {
            Combine::Sum => Target::Counts,
            Combine::Custom(_) => Target::Search,
        })
    }
}

/// Writes a finished shard file's bytes (the program's business: where, and whether to replace).
pub type ShardSink = Box<dyn FnMut(&[u8]) -> Result<String, String> + Send>;

/// What the split computation of this process does.
pub enum Mode {
    /// Whole counts, from the cache or computed.
    Cache,
    /// Count one shard, sign it with `key` and hand it to `sink` (which says where it went).
    Shard { shard: Shard, command: Vec<String>, key: SigningKey, sink: ShardSink, written: bool },
    /// A merge's check of its command: note the computation's fingerprint and stop.
    Probe { found: Option<(String, String)> },
    /// A merge's recount of one shard here.
    Recheck { shard: Shard, expected: Tally, same: Option<bool> },
    /// The merged counts of a computation.
    Merge { fingerprint: String, computation: String, tallies: Vec<Tally>, used: bool },
}

/// A process's store: its cache, the build its counts belong to, the computation its mode
/// concerns, and the mode.
pub struct Process {
    pub cache: Option<Cache>,
    pub build: String,
    pub target: Target,
    pub mode: Mode,
    /// Say on stderr when counts come from the cache (warnings are always said).
    pub verbose: bool,
    /// Inputs of the split computation beyond its key's, as `name = value` lines: the SHA-256 of
    /// each table file the shards' command reads. Part of a shard's inputs (so of its
    /// fingerprint) in every mode but [`Mode::Cache`]; the cache keeps counts by their key alone.
    pub shard_inputs: String,
}

static PROCESS: Mutex<Option<Process>> = Mutex::new(None);

/// Installs the process's store, once: a later call (a command run again by a merge, which
/// installed its store first) leaves the first in place.
pub fn install(p: Process) -> Result<(), String> {
    let mut slot = PROCESS.lock().unwrap_or_else(|e| e.into_inner());
    if slot.is_none() {
        *slot = Some(p);
        parsheet_shard::install(Box::new(ProcessStore))?;
    }
    Ok(())
}

/// Reads or changes the installed process (its mode, between a merge's runs).
pub fn with_process<T>(f: impl FnOnce(&mut Process) -> T) -> T {
    let mut p = PROCESS.lock().unwrap_or_else(|e| e.into_inner());
    f(p.as_mut().expect("the store is installed before any count"))
}

struct ProcessStore;

fn keep(p: &Process, key: &Key, tally: Tally, kind: Kind) {
    let Some(cache) = &p.cache else { return };
    let file = CountFile { kind, build: p.build.clone(), computation: key.computation.clone(), inputs: key.inputs.clone(), command: None, shard: None, tally };
    if let Err(e) = cache.save(&file) {
        eprintln!("parsheet: the cache could not keep {}: {e}", key.computation);
    }
}

impl Store for ProcessStore {
    fn counted(&self, key: &Key, compute: &mut dyn FnMut(Shard) -> Result<Tally, String>) -> Result<Tally, String> {
        // Decide under the lock, count outside it: a computation may ask for other counts.
        enum Step {
            Whole,
            Shard(Shard),
            Stop,
            Recheck(Shard),
            Merged(Tally),
        }
        let step = with_process(|p| {
            let split = Some(p.target) == Target::of(key);
            let inputs = shard_inputs(&key.inputs, &p.shard_inputs);
            let fingerprint = crate::fingerprint(&key.computation, &inputs, &p.build);
            match &mut p.mode {
                Mode::Shard { written: true, .. } if split => Err("--shard: this command runs more than one computation that splits; shard each on its own".to_string()),
                Mode::Shard { shard, .. } if split => Ok(Step::Shard(*shard)),
                Mode::Probe { found } if split => {
                    *found = Some((fingerprint, key.computation.clone()));
                    Ok(Step::Stop)
                }
                Mode::Recheck { shard, .. } if split => Ok(Step::Recheck(*shard)),
                Mode::Merge { fingerprint: fp, computation, tallies, used } if split => {
                    if *fp != fingerprint {
                        return Err(format!(
                            "the shards count {computation}, but this run needs {} with other inputs: merge with the same --tables, house way and options the shards were run with",
                            key.computation
                        ));
                    }
                    let whole = key.combine.apply(std::mem::take(tallies)).map_err(|e| format!("cannot merge the shards: {e}"))?;
                    *tallies = vec![whole.clone()];
                    *used = true;
                    Ok(Step::Merged(whole))
                }
                _ => Ok(Step::Whole),
            }
        })?;
        match step {
            Step::Stop => Err(STOPPED.into()),
            Step::Merged(whole) => {
                with_process(|p| keep(p, key, whole.clone(), Kind::Merged));
                Ok(whole)
            }
            Step::Recheck(shard) => {
                let tally = compute(shard)?;
                with_process(|p| {
                    if let Mode::Recheck { expected, same, .. } = &mut p.mode {
                        *same = Some(tally == *expected);
                    }
                });
                Err(STOPPED.into())
            }
            Step::Shard(shard) => {
                let tally = compute(shard)?;
                with_process(|p| {
                    let build = p.build.clone();
                    let Mode::Shard { command, key: signing, sink, written, .. } = &mut p.mode else { unreachable!("the mode of a shard run") };
                    let inputs = shard_inputs(&key.inputs, &p.shard_inputs);
                    let file = CountFile { kind: Kind::Shard, build, computation: key.computation.clone(), inputs, command: Some(command.clone()), shard: Some(shard), tally };
                    let place = sink(&file.to_bytes(signing))?;
                    *written = true;
                    eprintln!("parsheet: wrote shard {shard} of {} to {place}", key.computation);
                    Err(STOPPED.to_string())
                })
            }
            Step::Whole => {
                let loaded = with_process(|p| p.cache.as_ref().map(|c| (c.load(&key.computation, &key.inputs, &p.build), p.verbose)));
                match loaded {
                    Some((Loaded::Hit(t, path), verbose)) => {
                        if verbose {
                            eprintln!("parsheet: reused from the cache: {} ({})", key.computation, path.display());
                        }
                        return Ok(t);
                    }
                    Some((Loaded::Ignored(why), _)) => eprintln!("parsheet: {why}"),
                    Some((Loaded::Miss, _)) | None => {}
                }
                let t = compute(Shard::WHOLE)?;
                with_process(|p| keep(p, key, t.clone(), Kind::Counts));
                Ok(t)
            }
        }
    }
}

/// A shard's inputs: its key's, then `extra`'s lines.
fn shard_inputs(inputs: &str, extra: &str) -> String {
    match (inputs.is_empty() || inputs.ends_with('\n'), extra.is_empty()) {
        (_, true) => inputs.to_string(),
        (true, false) => format!("{inputs}{extra}"),
        (false, false) => format!("{inputs}\n{extra}"),
    }
}

/// Whether this process counted a shard and handed its file over.
pub fn shard_written() -> bool {
    let p = PROCESS.lock().unwrap_or_else(|e| e.into_inner());
    matches!(p.as_ref().map(|p| &p.mode), Some(Mode::Shard { written: true, .. }))
}

/// Whether this process is a shard run.
pub fn is_shard_run() -> bool {
    let p = PROCESS.lock().unwrap_or_else(|e| e.into_inner());
    matches!(p.as_ref().map(|p| &p.mode), Some(Mode::Shard { .. }))
}
