//! # parsheet-sim: a Monte Carlo second opinion on the exact figures
//!
//! parsheet's house edges are exact: every deal is enumerated or counted by combinatorics, and
//! the counts are combined with the paytable in rational arithmetic. Exact is not the same as
//! right. A counting shortcut that double-counts a suit class, an outcome classified one line
//! too high, a variant wired to the wrong reading: each gives a precise, reproducible, wrong
//! number. Testing labs therefore confirm analytic figures against a simulation, and this crate
//! is that simulation.
//!
//! It does what a dealer does. It shuffles real decks (Fisher–Yates, driven by a seeded
//! xoshiro256** generator written in [`rng`]), deals the cards the wager looks at, reads them by
//! the rules, and settles the wager at the paytable's price. Over many rounds the average net
//! result converges on the expected one; the standard error says how far it may honestly be from
//! it, and the per-outcome tallies say how often each hand turned up.
//!
//! ## How it stays independent
//!
//! * Hands are read by `parsheet-reference`, the slow evaluator that writes down every
//!   five-card hand and tries every substitution for a wild card, with its own card type. The
//!   fast table-driven evaluator (`parsheet-eval`), the card bitmasks and suit isomorphism
//!   (`parsheet-cards`) and the count functions of `parsheet-games` are not used here at all.
//! * Each wager's settlement ([`settle`]) is written afresh from the regulation: which cards are
//!   dealt, from which deck or shoe, and which outcome they earn, in the wager's order.
//! * The simulation samples deals; the exact path counts them. A bug would have to be made in two
//!   unrelated shapes of code, with the same effect, to slip through.
//!
//! ## What it shares with the exact path
//!
//! Only vocabulary and arithmetic. From `parsheet-games` it takes the list of wagers, their
//! outcome ids and their variant names, so that both sides speak of the same outcomes (the
//! simulator checks at start-up that its own list of ids is exactly the wager's). From
//! `parsheet-paytable` it takes [`Paytable`] and [`parsheet_paytable::Pay::net`], the net result
//! per unit of a pay such as "3 to 2", and sums those exactly before dividing.
//!
//! ## Reproducibility
//!
//! A run is a function of (wager, variant, rounds, seed) alone. Rounds are dealt in fixed chunks
//! of [`CHUNK`]; chunk `i` starts from a new deck in order and draws from the seed's generator
//! jumped `i` times (2^128 steps each), so chunks never share random numbers or card order, and
//! the integer tallies are the same whichever threads ran which chunks.

pub mod rng;
pub mod main_game;
pub mod face_up_pai_gow;
pub mod fupg_bounds;
pub mod settle;
pub mod defined;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use parsheet_paytable::{Decimal, Paytable};
use parsheet_reference::RefCard;

use rng::Xoshiro256;
use settle::{Rules, RULES};

/// The outcome of a round that holds no paying hand (the same id as `parsheet_games::OTHER`).
pub const OTHER: &str = "other";

/// Rounds per chunk: the unit of work and of random-number streams.
pub const CHUNK: u64 = 1 << 14;

/// A simulated estimate of one wager under one paytable.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    pub rounds: u64,
    /// Average net result per unit wagered (the house edge estimate is `-mean_net`).
    pub mean_net: f64,
    /// Standard error of `mean_net`: the sample standard deviation over √rounds.
    pub standard_error: f64,
    /// How many rounds ended in each outcome: the wager's outcomes in its order, then "other".
    pub outcome_counts: Vec<(String, u64)>,
}

impl Estimate {
    /// The estimated house edge, `-mean_net`.
    pub fn house_edge(&self) -> f64 {
        -self.mean_net
    }

    /// How many standard errors the estimated house edge lies from `exact` (positive when the
    /// simulation's edge is higher).
    pub fn z_score(&self, exact_house_edge: f64) -> f64 {
        (self.house_edge() - exact_house_edge) / self.standard_error
    }

    /// The simulated frequency of `outcome`.
    pub fn frequency(&self, outcome: &str) -> Option<f64> {
        self.outcome_counts.iter().find(|o| o.0 == outcome).map(|o| o.1 as f64 / self.rounds as f64)
    }
}

/// Outcome tallies of a run, before any paytable is applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub rounds: u64,
    /// The wager's outcomes in its order, then "other".
    pub counts: Vec<(String, u64)>,
}

impl Tally {
    /// Settles every tallied round at `table`'s prices. Outcomes without a line lose the stake;
    /// a line for an outcome the wager does not have, or a pay with no fixed net result (meter or
    /// dollar pays), is an error.
    pub fn estimate(&self, table: &Paytable) -> Result<Estimate, String> {
        if self.rounds < 2 {
            return Err(format!("a standard error needs at least 2 rounds, not {}", self.rounds));
        }
        for line in &table.lines {
            if !self.counts.iter().any(|c| c.0 == line.outcome) {
                let known: Vec<&str> = self.counts.iter().map(|c| c.0.as_str()).collect();
                return Err(format!("paytable {}: outcome {:?} is not an outcome of this wager; known outcomes: {}", table.id, line.outcome, known.join(", ")));
            }
        }
        // Σ count × net and Σ count × net², exactly.
        let (mut sum, mut sum_sq) = (BigRational::zero(), BigRational::zero());
        for (outcome, count) in &self.counts {
            let net = match table.pay(outcome) {
                None => -BigRational::one(),
                Some(pay) => pay.net().ok_or_else(|| format!("paytable {}: outcome {outcome:?} pays {pay}, which has no fixed net result to simulate", table.id))?,
            };
            let n = BigRational::from_integer(BigInt::from(*count));
            sum += &n * &net;
            sum_sq += &n * &net * &net;
        }
        let rounds = BigRational::from_integer(BigInt::from(self.rounds));
        let mean = &sum / &rounds;
        // Sample variance: (Σx² − n·mean²) / (n − 1).
        let variance = (&sum_sq - &rounds * &mean * &mean) / (&rounds - BigRational::one());
        let variance = Decimal(&variance).to_f64();
        Ok(Estimate {
            rounds: self.rounds,
            mean_net: Decimal(&mean).to_f64(),
            standard_error: (variance / self.rounds as f64).sqrt(),
            outcome_counts: self.counts.clone(),
        })
    }
}

/// One wager, ready to be dealt: its rules, its reading and its outcome ids.
pub struct Simulation {
    dealer: Dealer,
    variant: &'static str,
    /// The wager's outcome ids in its order, then "other".
    outcomes: Vec<&'static str>,
}

/// How a round is dealt and settled.
enum Dealer {
    /// A built-in wager: its settlement written from the regulation ([`settle`]).
    Rules(&'static Rules),
    /// A wager defined in a file, its definition read card by card ([`defined`]).
    Defined(defined::DefinedRules),
}

impl Simulation {
    /// Looks up the wager (through `parsheet_games::find`, so errors list the valid names) and the
    /// reading (`None`: the wager's default).
    pub fn new(game: &str, wager: &str, variant: Option<&str>) -> Result<Simulation, String> {
        let w = parsheet_games::find(game, wager)?;
        if let Some(definition) = w.definition() {
            let variant = w.reading(variant)?;
            let dealer = defined::DefinedRules::new(definition, (!variant.is_empty()).then_some(variant))?;
            let mut outcomes: Vec<&'static str> = w.outcomes.to_vec();
            outcomes.push(OTHER);
            return Ok(Simulation { dealer: Dealer::Defined(dealer), variant: w.variants.iter().find(|v| v.id == variant).map_or("", |v| v.id), outcomes });
        }
        let rules = RULES
            .iter()
            .find(|r| r.game == w.game && r.wager == w.id)
            .ok_or_else(|| format!("{game} {wager} cannot be simulated yet"))?;
        // Both sides must speak of the same outcomes and readings.
        let mut mine: Vec<&str> = rules.ids.to_vec();
        let mut theirs: Vec<&str> = w.outcomes.to_vec();
        mine.sort_unstable();
        theirs.sort_unstable();
        if mine != theirs {
            return Err(format!("the simulator's outcomes of {game} {wager} ({}) differ from parsheet-games' ({})", rules.ids.join(", "), w.outcomes.join(", ")));
        }
        let known: Vec<&str> = w.variants.iter().map(|v| v.id).collect();
        if known != rules.variants {
            return Err(format!("the simulator's readings of {game} {wager} ({}) differ from parsheet-games' ({})", rules.variants.join(", "), known.join(", ")));
        }
        let variant = match variant {
            None => rules.variants.first().copied().unwrap_or(""),
            Some(v) => match rules.variants.iter().find(|&&k| k == v) {
                Some(&k) => k,
                None if known.is_empty() => return Err(format!("{game} {wager} has no rule variants, so {v:?} is unknown")),
                None => return Err(format!("unknown variant {v:?} of {game} {wager}; known variants: {}", known.join(", "))),
            },
        };
        let mut outcomes: Vec<&'static str> = w.outcomes.to_vec();
        outcomes.push(OTHER);
        Ok(Simulation { dealer: Dealer::Rules(rules), variant, outcomes })
    }

    /// The reading in force (empty for a wager without readings).
    pub fn variant(&self) -> &'static str {
        self.variant
    }

    /// Deals `rounds` rounds from `seed` on every core.
    pub fn run(&self, rounds: u64, seed: u64) -> Tally {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        self.run_with(rounds, seed, threads, &|_| {})
    }

    /// Deals `rounds` rounds from `seed` on `threads` threads, calling `progress(rounds done)`
    /// after each chunk (from any thread, possibly out of order). The tally depends only on the
    /// wager, the reading, `rounds` and `seed`.
    pub fn run_with(&self, rounds: u64, seed: u64, threads: usize, progress: &(dyn Fn(u64) + Sync)) -> Tally {
        let chunks = rounds.div_ceil(CHUNK);
        // The next chunk to hand out and its generator: chunk i's is the seed's jumped i times.
        let next = Mutex::new((0u64, Xoshiro256::seed_from(seed)));
        let done = AtomicU64::new(0);
        let threads = threads.clamp(1, chunks.max(1) as usize);
        let totals = Mutex::new(vec![0u64; self.outcomes.len()]);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut counts = vec![0u64; self.outcomes.len()];
                    let fresh = match &self.dealer {
                        Dealer::Rules(r) => r.source.cards(),
                        Dealer::Defined(d) => d.shoe.clone(),
                    };
                    let mut cards = fresh.clone();
                    loop {
                        let (index, mut rng) = {
                            let mut next = next.lock().unwrap();
                            if next.0 == chunks {
                                break;
                            }
                            let claimed = next.clone();
                            next.0 += 1;
                            next.1.jump();
                            claimed
                        };
                        let n = CHUNK.min(rounds - index * CHUNK);
                        // Each chunk starts from a new deck in its printed order, so what it deals
                        // depends on its own generator alone, not on the chunks this thread ran
                        // before. (Within a chunk the deck is not put back in order between
                        // rounds: a Fisher–Yates shuffle is uniform from any starting order.)
                        cards.copy_from_slice(&fresh);
                        for _ in 0..n {
                            counts[self.settle_one(&mut rng, &mut cards)] += 1;
                        }
                        progress(done.fetch_add(n, Ordering::Relaxed) + n);
                    }
                    let mut totals = totals.lock().unwrap();
                    for (t, c) in totals.iter_mut().zip(counts) {
                        *t += c;
                    }
                });
            }
        });
        let totals = totals.into_inner().unwrap();
        Tally { rounds, counts: self.outcomes.iter().map(|o| o.to_string()).zip(totals).collect() }
    }

    /// Deals one round and returns the index of its outcome.
    #[inline]
    fn settle_one(&self, rng: &mut Xoshiro256, cards: &mut [RefCard]) -> usize {
        let rules = match &self.dealer {
            Dealer::Rules(r) => r,
            // The definition's outcomes are the wager's, in its order, then other.
            Dealer::Defined(d) => return d.settle(rng.deal(cards, d.cards)),
        };
        let hand = rng.deal(cards, rules.cards);
        match (rules.settle)(hand, self.variant) {
            None => self.outcomes.len() - 1,
            Some(id) => self
                .outcomes
                .iter()
                .position(|&o| o == id)
                .unwrap_or_else(|| panic!("settlement gave {id:?}, not an outcome of {} {}", rules.game, rules.wager)),
        }
    }
}

/// Simulates `rounds` rounds of `game wager` under `variant` (`None`: the default reading) and
/// settles them at `table`'s prices. Reproducible: the same arguments give the same estimate.
pub fn simulate(game: &str, wager: &str, variant: Option<&str>, table: &Paytable, rounds: u64, seed: u64) -> Result<Estimate, String> {
    if rounds < 2 {
        return Err(format!("a simulation needs at least 2 rounds, not {rounds}"));
    }
    Simulation::new(game, wager, variant)?.run(rounds, seed).estimate(table)
}

/// The wagers the simulator can deal, as (game, wager).
pub fn wagers() -> impl Iterator<Item = (&'static str, &'static str)> {
    RULES.iter().map(|r| (r.game, r.wager))
}
