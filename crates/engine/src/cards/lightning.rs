//! 闪电 Lightning — 延时锦囊.
//!
//! 出牌阶段，对你使用。将此牌置入你的判定区。判定阶段进行判定：若结果为♠2~9，你受到3点无来源
//! 的雷电伤害，然后将之置入弃牌堆；否则将之移动到下家的判定区。
//! Place in your own judgment area. When judged: on ♠2–9 its holder takes 3 thunder damage with no
//! source and it is discarded; otherwise (or when nullified) it moves on to the next character.

use crate::card::{Card, CardId, CardKind, Category, Suit, UsedCard};
use crate::def::card::{user_only, CardDef, Delayed, Target};
use crate::event::Nature;
use crate::game::Game;
use crate::resolve::{Damage, DamageFrame, Frame};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Lightning,
    name_zh: "闪电",
    name_en: "Lightning",
    text_zh: "出牌阶段，对你使用。将此牌置入你的判定区。判定阶段判定：若结果为♠2~9，你受到3点无来源的雷电伤害，然后弃置之；否则将之移动到下家的判定区。",
    text_en: "Place in your judgment area. On judgment ♠2–9 you take 3 thunder damage with no source and it is discarded; otherwise it moves to the next character.",
    category: Category::DelayedTrick,
    range: 0,
    skill: None,
    target: Target::Implicit(user_only),
    can_use: no_lightning_yet,
    on_start: None,
    effect: None,
    delayed: Some(Delayed {
        hits,
        on_hit,
        moves_on: true,
    }),
    recast: false,
    on_unequip: None,
    after_effects: None,
};

fn no_lightning_yet(game: &Game, user: Seat, _: &UsedCard) -> bool {
    !game.holds_delayed(user, CardKind::Lightning)
}

fn hits(card: &Card) -> bool {
    card.suit == Suit::Spade && (2..=9).contains(&card.rank)
}

/// 3 thunder damage with no source, caused by the 闪电 card itself.
fn on_hit(game: &mut Game, seat: Seat, card: CardId) -> Option<Frame> {
    let damage = Damage {
        nature: Nature::Thunder,
        card: Some(UsedCard::real(&game.card(card))),
        ..Damage::new(None, seat, 3)
    };
    Some(Frame::Damage(DamageFrame::new(damage)))
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit::*;
    use crate::event::{Event, Nature};
    use crate::prompt::{Cause, Phase, PromptKind};
    use crate::scenario::{CardSpec, Scenario};
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    /// Seat 0 enters its judgment phase with 闪电 and `top` as the next judgment card.
    fn judging(seats: usize, top: CardSpec) -> Scenario {
        let mut roles = vec![Lord];
        roles.resize(seats, Rebel);
        let mut s = table(&roles);
        s.phase = Phase::Judge;
        seat(&mut s, 0).judge = vec![CardSpec::exact(Lightning, Spade, 1)];
        s.draw_pile_top = vec![top];
        s
    }

    fn lightning_judgments(c: &Check) -> usize {
        c.events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::Judged {
                        cause: Cause::Card(Lightning),
                        ..
                    }
                )
            })
            .count()
    }

    #[test]
    fn is_placed_in_the_users_own_judgment_area_and_never_twice() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Lightning, Lightning]);
        let mut c = Check::new(s);
        assert!(c.find_card(0, Lightning, &[1]).is_none());
        c.card(0, Lightning, &[]);
        assert_eq!(c.judge_area(0), vec![Lightning]);
        assert!(!c.has_prompt(1), "no 无懈可击 window when placed");
        assert!(c.find_card(0, Lightning, &[]).is_none());
    }

    #[test]
    fn spade_two_to_nine_deals_three_thunder_damage_without_source() {
        // timing-rulings.md C.15.
        let mut c = Check::new(judging(2, CardSpec::exact(Blade, Spade, 5)));
        assert!(c.is_asked(1, |k| matches!(
            k,
            PromptKind::Nullify {
                trick: Lightning,
                ..
            }
        )));
        c.pass_windows();
        assert_eq!(c.hp(0), 1);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Damaged {
                source: None,
                amount: 3,
                nature: Nature::Thunder,
                ..
            }
        )));
        assert!(c.judge_area(0).is_empty() && c.judge_area(1).is_empty());
        assert!(c.discard_pile().contains(&Lightning));
        // The turn goes on: draw phase, then play.
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
        c.assert_conserved();
    }

    #[test]
    fn the_lightning_card_causes_the_damage_and_waits_in_the_processing_area() {
        // 奸雄 takes the card that caused the damage "if still in the processing area".
        let mut s = judging(2, CardSpec::exact(Blade, Spade, 5));
        seat(&mut s, 0).hp = Some(2);
        let mut c = Check::new(s);
        c.pass_windows();
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Save { .. })));
        let processing: Vec<_> = c
            .game
            .table()
            .processing
            .iter()
            .map(|id| c.game.card(*id).kind)
            .collect();
        assert_eq!(processing, vec![Lightning]);
        c.pass(0).pass(1);
        assert!(c.game.is_over());
    }

    #[test]
    fn after_the_damage_it_is_discarded() {
        let mut c = Check::new(judging(2, CardSpec::exact(Blade, Spade, 5)));
        c.pass_windows();
        assert!(c.game.table().processing.is_empty());
        assert_eq!(c.discard_pile(), vec![Blade, Lightning]);
    }

    #[test]
    fn other_cards_miss_and_it_moves_to_the_next_seat() {
        for top in [
            CardSpec::exact(Slash, Spade, 10),
            CardSpec::exact(Duel, Spade, 1),
            CardSpec::exact(Slash, Club, 5),
            CardSpec::exact(Jink, Heart, 2),
        ] {
            let mut c = Check::new(judging(3, top.clone()));
            c.pass_windows();
            assert_eq!(c.hp(0), 4, "{top:?}");
            assert!(c.judge_area(0).is_empty());
            assert_eq!(c.judge_area(1), vec![Lightning], "{top:?}");
        }
    }

    #[test]
    fn moving_on_skips_seats_that_hold_one_and_dead_seats() {
        // timing-rulings.md C.14.
        let mut s = judging(4, CardSpec::exact(Slash, Spade, 10));
        seat(&mut s, 1).judge = vec![CardSpec::exact(Lightning, Heart, 12)];
        seat(&mut s, 2).alive = false;
        seat(&mut s, 2).hp = Some(0);
        let mut c = Check::new(s);
        c.pass_windows();
        assert_eq!(c.judge_area(1), vec![Lightning]);
        assert_eq!(c.judge_area(3), vec![Lightning]);
    }

    #[test]
    fn a_nullified_lightning_moves_on_unjudged() {
        let mut s = judging(3, CardSpec::exact(Blade, Spade, 5));
        seat(&mut s, 2).hand = cards(&[Nullification]);
        let mut c = Check::new(s);
        c.card(2, Nullification, &[]).pass_windows();
        assert_eq!(c.hp(0), 4);
        assert_eq!(c.judge_area(1), vec![Lightning]);
        assert_eq!(lightning_judgments(&c), 0);
    }

    #[test]
    fn with_nowhere_to_go_it_stays_and_is_not_judged_again_this_phase() {
        // docs/rulings.md "闪电 with nowhere to move": every other seat holds one, so it comes
        // back to its holder and waits for the next turn.
        let mut s = judging(2, CardSpec::exact(Slash, Spade, 10));
        seat(&mut s, 1).judge = vec![CardSpec::exact(Lightning, Heart, 12)];
        s.draw_pile_top.push(CardSpec::exact(Blade, Spade, 5));
        let mut c = Check::new(s);
        c.pass_windows();
        assert_eq!(lightning_judgments(&c), 1);
        assert_eq!(c.hp(0), 4);
        assert_eq!(c.judge_area(0), vec![Lightning]);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }
}
