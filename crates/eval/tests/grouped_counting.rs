//! The enumerators count the last cards by rank where no flush can form, instead of looking every
//! hand up. This checks that shortcut against ranking every hand on its own (`Evaluator::evaluate`
//! on each card set), for every ranking, over all six-card hands and all seven-card DJ Wild hands
//! (the one seven-card table with no published counts to check it against).

use parsheet_cards::Deck;
use parsheet_eval::frequencies::{fold_hands, rank_histogram};
use parsheet_eval::{Evaluator, Ranking};

fn per_hand(ranking: Ranking, deck: &Deck, cards: usize) -> Vec<u64> {
    let e = Evaluator::get(ranking);
    fold_hands(
        deck,
        cards,
        || vec![0u64; e.class_count() + 1],
        |acc, hand| acc[e.evaluate(hand).0 as usize] += 1,
        |mut a, b| {
            a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
            a
        },
    )
}

#[test]
fn grouped_counts_equal_per_hand_counts() {
    for ranking in Ranking::ALL {
        let deck = if ranking.uses_joker() { Deck::with_joker() } else { Deck::standard() };
        assert_eq!(rank_histogram(ranking, &deck, 6, &|_| {}), per_hand(ranking, &deck, 6), "{ranking:?}, 6 cards");
    }
    let deck = Deck::with_joker();
    assert_eq!(
        rank_histogram(Ranking::DeucesJokerWild, &deck, 7, &|_| {}),
        per_hand(Ranking::DeucesJokerWild, &deck, 7),
        "deuces-joker-wild, 7 cards"
    );
}
