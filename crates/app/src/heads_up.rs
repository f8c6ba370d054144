//! Heads-Up Hold 'Em's main game (677a) as `parsheet strategy heads-up-holdem` shows it: solved
//! under a minimum raise of the user's choosing (the text's, 1 Ante, by default) and the Bad Beat
//! table the tables hold, with what a player and a dealer can take to the table: the pre-flop
//! chart (every starting hand with the margin of raising over checking), the flop and river rules
//! a dealer could teach (with the exact share of spots each line gets right), and the value of
//! every play at one spot (the hole cards and the board seen).
//!
//! `main_game::solve` solves the game as the text deals it, for the records every main game
//! shares; this module keeps the solver's own answer (`heads_up::Exact`), which the chart, the
//! rules and a spot read, and adds the shared record (`main_game::analysis`) to it.

use num_rational::BigRational;
use parsheet_cards::CardSet;
use parsheet_games::strategy::heads_up::{self, hole_name, Config};
use parsheet_games::strategy::{find_strategy, StrategyGame};
use parsheet_paytable::{fraction, Decimal, Paytable};
use parsheet_tables::GameTables;
use serde::{ser::Error as _, Serialize, Serializer};

use crate::main_game::{analysis, bad_beat_table, MainGameAnalysis, Solved};
use crate::plans::PlayerStrategy;
use crate::vocab::{Assumption, Count, Exact};

/// A starting hand's pre-flop play, as the solver chose it.
pub use heads_up::Preflop;

/// What a run asks for; `None` takes the default.
#[derive(Clone, Copy, Debug, Default)]
pub struct Asked<'a> {
    /// A rule reading of the main game.
    pub variant: Option<&'a str>,
    /// The Odds paytable.
    pub paytable: Option<&'a str>,
    /// The Bad Beat paytable (677a.12(c) is missing from the text: only tables a user gives hold one).
    pub bad_beat: Option<&'a str>,
    /// The smallest Raise before the river, in Antes: "1", "1/2", "0.5".
    pub min_raise: Option<&'a str>,
}

/// The game as asked: the solver's parameters, and the tables they come from.
struct Game<'a> {
    g: &'static StrategyGame,
    reading: &'static str,
    odds: &'a Paytable,
    bad_beat: Option<&'a Paytable>,
    config: Config,
}

impl Game<'_> {
    /// Whether the Bad Beat is played, in words.
    fn bad_beat_words(&self) -> String {
        match self.bad_beat {
            Some(t) => format!("with Bad Beat paytable {}", t.id),
            None => "without Bad Beat (677a.12(c) is missing from the text; supply a bad-beat table with --tables)".to_string(),
        }
    }

    /// "minimum raise 1/2 Ante".
    fn minimum_raise(&self) -> String {
        let (n, d) = self.config.min_raise;
        format!("minimum raise {} Ante", fraction(&BigRational::new(n.into(), d.into())))
    }
}

fn game<'a>(games: &'a [GameTables], asked: &Asked) -> Result<Game<'a>, String> {
    let g = find_strategy("heads-up-holdem")?;
    // The reading every command uses (asked, else the tables' default), checked.
    let (reading, _) = crate::inputs::main_game_reading(g, games, asked.variant)?;
    let odds = &crate::inputs::select(games, g.game, g.wager, asked.paytable)?.table;
    let tables = games.iter().find(|t| t.game == g.game).expect("select found the game");
    let bad_beat = bad_beat_table(tables, g.bonus_wager.unwrap_or("bad-beat"), asked.bad_beat)?;
    let mut config = Config::heads_up(reading, odds, bad_beat)?;
    if let Some(m) = asked.min_raise {
        config.min_raise = parse_size(m)?;
    }
    Ok(Game { g, reading, odds, bad_beat, config })
}

/// Reads "1", "3", "1/2", "0.5".
fn parse_size(text: &str) -> Result<(i64, i64), String> {
    let bad = || format!("cannot read the raise size {text:?}: write 1, 1/2 or 0.5");
    let (n, d) = match text.split_once('/') {
        Some((n, d)) => (n.trim().parse::<i64>().map_err(|_| bad())?, d.trim().parse::<i64>().map_err(|_| bad())?),
        None => match text.split_once('.') {
            Some((i, f)) if f.len() <= 3 && f.chars().all(|c| c.is_ascii_digit()) => {
                let d = 10i64.pow(f.len() as u32);
                (i.parse::<i64>().map_err(|_| bad())? * d + f.parse::<i64>().unwrap_or(0), d)
            }
            _ => (text.trim().parse::<i64>().map_err(|_| bad())?, 1),
        },
    };
    if n <= 0 || d <= 0 {
        return Err(bad());
    }
    let g = num_integer::gcd(n, d);
    Ok((n / g, d / g))
}

/// A play and its expected net per Ante.
#[derive(Clone, Debug, Serialize)]
pub struct PlayValue {
    pub play: String,
    pub expected_net: Exact,
    /// The same to six places, for reading.
    pub expected_net_decimal: String,
}

impl PlayValue {
    fn new(play: &str, value: &BigRational) -> PlayValue {
        PlayValue { play: play.to_string(), expected_net: Exact(value.clone()), expected_net_decimal: Decimal(value).with_places(6) }
    }
}

/// Every play at one spot, each valued per Ante as an average over the cards the player has not
/// seen, playing on optimally.
#[derive(Clone, Debug, Serialize)]
pub struct Spot {
    /// The hole cards as given, in their order, each card written the usual way.
    pub hole: String,
    /// The board as given: empty before the flop, the flop, or all five cards.
    pub board: String,
    pub street: String,
    /// The optimal play.
    pub best: String,
    /// Whether the Bad Beat is played.
    pub note: String,
    pub options: Vec<PlayValue>,
}

/// Cards as a set, and as the user gave them (in their order, each card written the usual way).
fn cards_given(text: &str) -> Result<(CardSet, String), String> {
    let cards = parsheet_cards::cards_in_order(text).map_err(|e| e.to_string())?;
    let words: Vec<String> = cards.iter().map(ToString::to_string).collect();
    Ok((cards.into_iter().fold(CardSet::EMPTY, CardSet::with), words.join(" ")))
}

/// The values of one spot: the hole cards `hole` and the board `board` (none, the flop, or all
/// five cards) of the game `asked`.
pub fn spot(games: &[GameTables], asked: &Asked, hole: &str, board: Option<&str>) -> Result<Spot, String> {
    let game = game(games, asked)?;
    let (hole_set, hole) = cards_given(hole)?;
    let (board_set, board) = match board {
        Some(b) => cards_given(b)?,
        None => (CardSet::EMPTY, String::new()),
    };
    let values = heads_up::spot(&game.config, hole_set, board_set)?;
    let best = values.iter().max_by(|a, b| a.1.cmp(&b.1)).expect("every spot has a play");
    let street = match board_set.len() {
        0 => "before the flop",
        3 => "on the flop (after a pre-flop check)",
        _ => "at the river (after checking twice)",
    };
    Ok(Spot {
        hole,
        board,
        street: street.to_string(),
        best: best.0.clone(),
        note: game.bad_beat_words(),
        options: values.iter().map(|(o, v)| PlayValue::new(o, v)).collect(),
    })
}

/// A starting hand's decision with the value of every play.
#[derive(Clone, Debug, Serialize)]
pub struct PreflopHand {
    /// "AKs", "AKo", "77".
    pub hand: String,
    pub play: String,
    pub deals: Count,
    pub options: Vec<PlayValue>,
}

/// A starting hand on the 13 × 13 chart.
#[derive(Clone, Debug)]
pub struct ChartHand {
    pub hand: String,
    pub play: Preflop,
    /// Expected net of the largest raise minus that of checking, per Ante.
    pub raise_over_check: Exact,
}

/// A rule a dealer could teach, line by line, with the spots each gets right.
#[derive(Clone, Debug, Serialize)]
pub struct SituationRule {
    /// The street's spots (decision points reached under the optimal strategy), each as likely.
    pub spots: Count,
    /// Spots where the rule's play is the optimal one.
    pub right: Count,
    pub share_right: Exact,
    pub lines: Vec<SituationLine>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SituationLine {
    pub situation: String,
    /// The play the optimal strategy makes most often in the situation.
    pub play: String,
    pub spots: Count,
    /// Spots where the optimal strategy raises.
    pub raises: Count,
    /// The share of its spots where the line's play is the optimal one.
    pub share_right: Exact,
}

fn share(n: u64, d: u64) -> Exact {
    Exact(BigRational::new(n.into(), d.max(1).into()))
}

fn situation_rule(lines: &[heads_up::RuleLine]) -> SituationRule {
    let total: u64 = lines.iter().map(|l| l.spots).sum();
    let right: u64 = lines.iter().map(|l| l.right()).sum();
    SituationRule {
        spots: Count(total.into()),
        right: Count(right.into()),
        share_right: share(right, total),
        lines: lines
            .iter()
            .map(|l| SituationLine { situation: l.situation.clone(), play: l.play.to_string(), spots: Count(l.spots.into()), raises: Count(l.raises.into()), share_right: share(l.right(), l.spots) })
            .collect(),
    }
}

/// `parsheet strategy heads-up-holdem`: the solution with the figures every main game has, the
/// pre-flop decisions and chart, the flop and river rules, and the strategy a player can follow.
#[derive(Clone, Debug)]
pub struct HeadsUpStrategy {
    pub analysis: MainGameAnalysis,
    pub odds_paytable: String,
    pub bad_beat_paytable: Option<String>,
    /// Whether the Bad Beat is played, in words.
    pub bad_beat_note: String,
    /// "minimum raise 1 Ante".
    pub minimum_raise: String,
    /// The largest pre-flop raise, in Antes.
    pub preflop_raise: Exact,
    /// Every starting hand, the strongest raise first.
    pub preflop: Vec<PreflopHand>,
    /// The 169 starting hands.
    pub chart: Vec<ChartHand>,
    /// After a pre-flop check.
    pub flop_rule: SituationRule,
    /// After checking twice.
    pub river_rule: SituationRule,
    pub player: PlayerStrategy,
    /// The deals of the cycle as a product of binomials, C(52,2)·C(50,3)·C(47,2)·C(45,2).
    pub full_cycle: Count,
}

/// The game's own keys lead the document, as the command has always printed it.
#[derive(Serialize)]
struct OwnKeys<'a> {
    game: &'a str,
    wager: &'a str,
    rules: &'a str,
    reading: &'a str,
    odds_paytable: &'a str,
    bad_beat_paytable: &'a Option<String>,
    notes: &'a [String],
    minimum_raise: &'a str,
    preflop: &'a [PreflopHand],
    flop_rule: &'a SituationRule,
    river_rule: &'a SituationRule,
}

/// The command's JSON: the game's own keys, then the keys every main game has (docs/JSON.md)
/// that they do not already hold, then the player's strategy.
impl Serialize for HeadsUpStrategy {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let a = &self.analysis;
        let own = OwnKeys {
            game: &a.game,
            wager: &a.wager,
            rules: &a.rules,
            reading: &a.reading,
            odds_paytable: &self.odds_paytable,
            bad_beat_paytable: &self.bad_beat_paytable,
            notes: &a.notes,
            minimum_raise: &self.minimum_raise,
            preflop: &self.preflop,
            flop_rule: &self.flop_rule,
            river_rule: &self.river_rule,
        };
        let object = |v: serde_json::Result<serde_json::Value>| match v.map_err(S::Error::custom)? {
            serde_json::Value::Object(m) => Ok(m),
            _ => Err(S::Error::custom("a record serializes to an object")),
        };
        let mut doc = object(serde_json::to_value(own))?;
        for (k, v) in object(serde_json::to_value(a))? {
            doc.entry(k).or_insert(v);
        }
        doc.insert("player".into(), serde_json::to_value(&self.player).map_err(S::Error::custom)?);
        doc.serialize(s)
    }
}

/// The game `asked` solved, with its chart, rules and the strategy a player can follow.
pub fn strategy(games: &[GameTables], asked: &Asked) -> Result<HeadsUpStrategy, String> {
    let game = game(games, asked)?;
    let x = heads_up::solve_cached(&game.config)?;
    let s = heads_up::to_solution(&x, game.bad_beat.is_some());
    let player = crate::plans::player_strategy(&heads_up::plan::strategies(&x)?, &s.expected_net, &s.expected_wager)?;
    let minimum_raise = game.minimum_raise();
    let preflop = s
        .strategy
        .iter()
        .map(|d| PreflopHand { hand: d.situation.clone(), play: d.choice.to_string(), deals: Count(d.deals), options: d.options.iter().map(|(o, v)| PlayValue::new(o, v)).collect() })
        .collect();
    let chart = x
        .classes
        .iter()
        .map(|k| {
            let (raise, _, check) = x.preflop_values(k);
            ChartHand { hand: hole_name(k.representative), play: k.play, raise_over_check: Exact(raise - check) }
        })
        .collect();
    let solved = Solved {
        game: game.g,
        reading: game.reading.to_string(),
        paytable: Some(game.odds.id.clone()),
        table: Some(game.odds.clone()),
        bonus: game.bad_beat.map(|t| t.id.clone()),
        house_way: None,
        assumptions: vec![Assumption::given("reading", game.reading), Assumption::given("minimum-raise", minimum_raise.as_str())],
        changed: vec![],
        solution: s,
    };
    Ok(HeadsUpStrategy {
        analysis: analysis(&solved),
        odds_paytable: game.odds.id.clone(),
        bad_beat_paytable: solved.bonus.clone(),
        bad_beat_note: game.bad_beat_words(),
        minimum_raise,
        preflop_raise: Exact(BigRational::new(x.sizes.preflop_max.into(), x.sizes.den.into())),
        preflop,
        chart,
        flop_rule: situation_rule(&heads_up::flop_rule(&x)),
        river_rule: situation_rule(&heads_up::river_rule(&x)),
        player,
        full_cycle: Count(heads_up::full_cycle().into()),
    })
}
