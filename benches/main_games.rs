//! Solves each main game exactly under its optimal strategy, one benchmark per game, and sets
//! the DJ Wild sweep against the pair-by-pair brute force it replaces, measured in the same run.
//!
//! - `over-under/solve`, `saigon-5-card/solve` (house way `house-highest-point`),
//!   `high-card-flush/solve`: the whole solution, as `parsheet strategy` computes it.
//! - `dj-wild/matchups`: every player hand against every dealer hand by inclusion–exclusion
//!   (4,913,773,104,240 deals; the queries of each group of equal rank on every core);
//!   `dj-wild/solve` is the strategy pass over those counts.
//! - `dj-wild/one-hand-brute-force` (baseline): one player hand against its 1,712,304 dealer
//!   hands, one evaluation each; ×2,869,685 player hands is what the brute force would cost.
//! - `face-up-pai-gow/reduced-deck`: both player policies over every ordered deal of a 16-card
//!   deck; `face-up-pai-gow/one-dealer-hand`: one full-deck dealer hand against its 53,524,680
//!   player hands (the unit of the full solve, which visits 6,972,147 dealer classes).
//! - `heads-up-holdem/solve-26-cards`, `…-32-cards`: the three-street Heads-Up Hold 'Em solver on
//!   reduced decks (ranks 2-A in two suits, and eight ranks in four suits), both cores; the
//!   full 52-card solve (a few seconds) is timed with `/usr/bin/time` (`docs/PERFORMANCE.md`).
//! - `heads-up-holdem/one-flop`: one flop of the full deck (its 1,176 turn-river boards taken
//!   by pattern, every hole and dealer hand), as the spot query computes it; flop classes cost
//!   about the same, so × 1,755 is about the full solve on one core.

use criterion::{criterion_group, criterion_main, Criterion};
use parsheet_cards::{CardSet, Deck, Subsets};
use parsheet_eval::{Evaluator, Ranking};
use parsheet_games::strategy::dj_wild::{count_matchups, dj_matchups, BLIND_OUTCOMES};
use parsheet_games::house_way::HouseWay;
use parsheet_games::strategy::face_up_pai_gow as fupg;
use parsheet_games::strategy::find_strategy;
use parsheet_paytable::{Line, Pay, Paytable};

fn statutory_blind() -> Paytable {
    let pays = ["1000 to 1", "50 to 1", "10 to 1", "9 to 1", "4 to 1", "3 to 1", "2 to 1", "1 to 1", "Push"];
    Paytable {
        id: "687a.12(b)".into(),
        lines: BLIND_OUTCOMES.iter().zip(pays).map(|(o, p)| Line { outcome: o.to_string(), pay: p.parse::<Pay>().unwrap() }).collect(),
    }
}

fn main_games(c: &mut Criterion) {
    let mut g = c.benchmark_group("main-games");
    g.sample_size(10);
    let saigon_ante = Paytable {
        id: "680a.12(a)-(b)".into(),
        lines: vec![
            Line { outcome: "point-count-1-4-or-6-10".into(), pay: "1 to 1".parse().unwrap() },
            Line { outcome: "point-count-5".into(), pay: "1 to 2".parse().unwrap() },
        ],
    };
    for (game, table) in [("over-under", None), ("saigon-5-card", Some(&saigon_ante)), ("high-card-flush", None)] {
        let sg = find_strategy(game).unwrap();
        g.bench_function(format!("{game}/solve"), |b| b.iter(|| sg.solve(None, table).unwrap()));
    }
    g.bench_function("dj-wild/matchups", |b| b.iter(count_matchups));
    let blind = statutory_blind();
    let dj = find_strategy("dj-wild").unwrap();
    dj_matchups();
    g.bench_function("dj-wild/solve", |b| b.iter(|| dj.solve(None, Some(&blind)).unwrap()));
    let e = Evaluator::get(Ranking::DeucesJokerWild);
    let player = CardSet::from_cards("Kc Kd 9h 7s 3c".split(' ').map(|t| t.parse().unwrap()));
    let rest = Deck::with_joker().without(player);
    g.bench_function("dj-wild/one-hand-brute-force", |b| {
        b.iter(|| {
            let r = e.evaluate(player);
            Subsets::new(rest.cards(), 5).filter(|&d| e.evaluate(d) < r).count()
        })
    });
    // Face Up Pai Gow on a reduced deck (T-A in three suits and the joker, 411,840 ordered
    // deals), both policies, highest-high house way; and one full-deck dealer hand against its
    // 53,524,680 player hands (rank classes and flush patterns).
    let way = HouseWay::highest_high();
    let small = fupg::Deck { rank_mask: 0b1_1111_0000_0000, suits: 3, joker: true };
    g.bench_function("face-up-pai-gow/reduced-deck", |b| b.iter(|| fupg::count(small, &way, &|_, _| {})));
    let tables = fupg::Tables::new(fupg::Deck::FULL, &way);
    let dealer: CardSet = "As Ks 7s 4s 2s 9d 9c".parse().unwrap();
    g.bench_function("face-up-pai-gow/one-dealer-hand", |b| b.iter(|| tables.against(dealer, &way)));
    heads_up(&mut g);
    g.finish();
}

fn heads_up(g: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>) {
    use parsheet_games::strategy::heads_up::{solve_deck, spot, Config};
    let odds = Paytable {
        id: "677a.12(b)".into(),
        lines: [("royal-flush", "500 to 1"), ("straight-flush", "50 to 1"), ("four-of-a-kind", "10 to 1"), ("full-house", "3 to 1"), ("flush", "3 to 2"), ("straight", "1 to 1")]
            .iter()
            .map(|(o, p)| Line { outcome: o.to_string(), pay: p.parse::<Pay>().unwrap() })
            .collect(),
    };
    let config = Config::heads_up("odds-push-below-pair", &odds, None).unwrap();
    let cards = |t: &str| -> Vec<parsheet_cards::Card> { t.split(' ').map(|c| c.parse().unwrap()).collect() };
    let two_suits = cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad");
    let four_suits = cards("7c 8c 9c Tc Jc Qc Kc Ac 7d 8d 9d Td Jd Qd Kd Ad 7h 8h 9h Th Jh Qh Kh Ah 7s 8s 9s Ts Js Qs Ks As");
    g.bench_function("heads-up-holdem/solve-26-cards", |b| b.iter(|| solve_deck(&two_suits, &config, true).unwrap()));
    g.bench_function("heads-up-holdem/solve-32-cards", |b| b.iter(|| solve_deck(&four_suits, &config, true).unwrap()));
    let hole: CardSet = "As 7d".parse().unwrap();
    let flop: CardSet = "Kc 7h 2s".parse().unwrap();
    g.bench_function("heads-up-holdem/one-flop", |b| b.iter(|| spot(&config, hole, flop).unwrap()));
}

criterion_group!(benches, main_games);
criterion_main!(benches);
