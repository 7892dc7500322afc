//! 集智 Jizhi — 黄月英.
//!
//! 当你使用非转化的普通锦囊牌时，你可以摸一张牌。
//! When you use a non-converted ordinary trick, you may draw a card. 无懈可击 is an ordinary
//! trick and counts; delayed tricks (乐不思蜀, 闪电) and tricks made by a conversion do not.
//!
//! The 2008 text ([`EARLY`], `V-EARLY-11`): 当她使用一张锦囊牌后，立即从牌堆顶摸一张牌加入手牌。 Every trick
//! she uses, delayed or converted ones included, may draw one, before the trick takes effect
//! (the leaflet's example: her 万箭齐发 hurts 司马懿, she draws before 反馈 takes a card).

use crate::action::Action;
use crate::card::Category;
use crate::def::skill::{Ask, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::CardUsed,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Jizhi,
        "集智",
        "Jizhi",
        "当你使用非转化的普通锦囊牌时，你可以摸一张牌。",
        "When you use a non-converted ordinary trick, you may draw a card.",
    )
};

/// 集智 as the 2008 leaflet words it: any trick.
pub static EARLY: SkillDef = SkillDef {
    triggers: &[
        Trigger {
            timing: Timing::CardUsed,
            can_trigger: |game, owner, data| trick_of(game, owner, data, Category::Trick),
            ask: Ask::Confirm,
            on_trigger,
        },
        // A delayed trick has no "when used" window: it is placed at once. The draw follows.
        Trigger {
            timing: Timing::UseResolved,
            can_trigger: |game, owner, data| trick_of(game, owner, data, Category::DelayedTrick),
            ask: Ask::Confirm,
            on_trigger,
        },
    ],
    ..SkillDef::named(
        SkillId::JizhiEarly,
        "集智",
        "Jizhi",
        "当你使用一张锦囊牌时，你可以摸一张牌。",
        "When you use a trick (a delayed one included), you may draw a card.",
    )
};

/// A use by `owner` of a card of `category`.
fn trick_of(game: &Game, owner: Seat, data: &TimingData, category: Category) -> bool {
    let TimingData::Used { use_id } = data else {
        return false;
    };
    let card_use = game.card_use(*use_id);
    card_use.user == owner && game.card_def(card_use.card.kind).category == category
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Used { use_id } = data else {
        return false;
    };
    let card_use = game.card_use(*use_id);
    card_use.user == owner
        && card_use.card.is_real()
        && game.card_def(card_use.card.kind).category == Category::Trick
}

fn on_trigger(game: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    game.draw(owner, 1);
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::seat::{Role, Seat};
    use crate::testing::{cards, seat, table, Check};

    fn asks_jizhi(c: &Check, seat: u8) -> bool {
        c.is_asked(seat, |k| {
            *k == PromptKind::Confirm {
                skill: SkillId::Jizhi,
            }
        })
    }

    fn huangyueying(hand: &[CardKind]) -> Check {
        let mut s = table(&[Role::Lord, Role::Rebel]);
        seat(&mut s, 0).general = GeneralId::Huangyueying;
        seat(&mut s, 0).hand = cards(hand);
        Check::new(s)
    }

    #[test]
    fn an_ordinary_trick_draws_one_before_it_resolves() {
        let mut c = huangyueying(&[CardKind::ExNihilo]);
        c.card(0, CardKind::ExNihilo, &[]);
        assert!(asks_jizhi(&c, 0));
        c.skill(0, SkillId::Jizhi);
        assert_eq!(c.hand(0).len(), 1, "drawn before the trick takes effect");
        c.pass_windows();
        assert_eq!(c.hand(0).len(), 3);
    }

    #[test]
    fn declining_draws_nothing() {
        let mut c = huangyueying(&[CardKind::ExNihilo]);
        c.card(0, CardKind::ExNihilo, &[]).pass(0).pass_windows();
        assert_eq!(c.hand(0).len(), 2);
    }

    #[test]
    fn basic_cards_and_delayed_tricks_do_not_count() {
        let mut c = huangyueying(&[CardKind::Slash, CardKind::Indulgence]);
        c.card(0, CardKind::Indulgence, &[1]);
        assert!(!asks_jizhi(&c, 0));
        c.card(0, CardKind::Slash, &[1]);
        assert!(!asks_jizhi(&c, 0));
    }

    #[test]
    fn nullification_counts() {
        // Seat 1 dismantles her card; she answers with 无懈可击 and draws for it.
        let mut s = table(&[Role::Lord, Role::Rebel]);
        seat(&mut s, 0).general = GeneralId::Huangyueying;
        seat(&mut s, 0).hand = cards(&[CardKind::Nullification, CardKind::Peach]);
        seat(&mut s, 1).hand = cards(&[CardKind::Dismantlement]);
        s.current = Some(Seat(1));
        let mut c = Check::new(s);
        c.card(1, CardKind::Dismantlement, &[0]);
        c.card(0, CardKind::Nullification, &[]);
        assert!(asks_jizhi(&c, 0));
        c.skill(0, SkillId::Jizhi);
        c.pass_windows();
        assert_eq!(c.hand(0).len(), 2, "the 桃 and the drawn card");
        assert!(c.hand(0).contains(&CardKind::Peach));
    }

    /// V-EARLY-11: the 2008 黄月英 draws for a delayed trick too, before it takes effect.
    #[test]
    fn v_early_11_the_2008_jizhi_draws_for_any_trick() {
        let mut s = table(&[Role::Lord, Role::Rebel]);
        s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
        seat(&mut s, 0).general = GeneralId::HuangyueyingEarly;
        seat(&mut s, 0).hand = cards(&[CardKind::Indulgence, CardKind::ExNihilo]);
        s.draw_pile_top = cards(&[
            CardKind::Jink,
            CardKind::Peach,
            CardKind::Slash,
            CardKind::Duel,
        ]);
        let mut c = Check::new(s);
        c.card(0, CardKind::Indulgence, &[1])
            .skill(0, SkillId::JizhiEarly);
        assert_eq!(c.hand(0), vec![CardKind::ExNihilo, CardKind::Jink]);
        c.card(0, CardKind::ExNihilo, &[])
            .skill(0, SkillId::JizhiEarly);
        assert_eq!(
            c.hand(0),
            vec![CardKind::Jink, CardKind::Peach],
            "drawn before it resolves"
        );
        c.pass_windows();
        assert_eq!(c.hand(0).len(), 4);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }
}
