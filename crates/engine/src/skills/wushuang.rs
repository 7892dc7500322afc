//! 无双 Wushuang — 吕布.
//!
//! 锁定技，你使用【杀】指定的目标须使用两张【闪】才能抵消；与你进行【决斗】的角色每次须打出两张【杀】。
//! Compulsory: a target of your 杀 must use two 闪 to cancel it; in any 决斗 between you and
//! another character (you as user or target), your opponent must play two 杀 each time.
//!
//! When a target of the card is confirmed, the side that must answer twice is written into the
//! card use (`need_two`); the 杀 and 决斗 effects read it.

use crate::action::Action;
use crate::card::CardKind;
use crate::def::skill::{Ask, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[Trigger {
        timing: Timing::TargetConfirmed,
        can_trigger,
        ask: Ask::Never,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Wushuang,
        "无双",
        "Wushuang",
        "锁定技，你使用【杀】指定的目标须使用两张【闪】才能抵消；与你进行【决斗】的角色每次须打出两张【杀】。",
        "Compulsory: your Slash needs two Jinks to cancel; in a Duel with you, your opponent must play two Slashes each time.",
    )
};

/// The seat that must answer twice, if this target confirmation concerns 吕布.
fn opponent(game: &Game, owner: Seat, data: &TimingData) -> Option<(usize, Seat)> {
    let TimingData::Target { use_id, target } = data else {
        return None;
    };
    let card_use = game.uses.get(*use_id)?;
    let opponent = match card_use.card.kind {
        CardKind::Slash if card_use.user == owner => *target,
        CardKind::Duel if card_use.user == owner => *target,
        CardKind::Duel if *target == owner => card_use.user,
        _ => return None,
    };
    (opponent != owner && !card_use.need_two.contains(&opponent)).then_some((*use_id, opponent))
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    opponent(game, owner, data).is_some()
}

fn on_trigger(game: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let (use_id, opponent) = opponent(game, owner, data)?;
    game.card_use_mut(use_id).need_two.push(opponent);
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::{self, *};
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    /// 吕布 at `lvbu`; seat 0 (current) holds `first`, seat 1 holds `second`.
    fn table_with(lvbu: u8, first: &[CardKind], second: &[CardKind]) -> Check {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, lvbu).general = GeneralId::Lvbu;
        seat(&mut s, 0).hand = cards(first);
        seat(&mut s, 1).hand = cards(second);
        Check::new(s)
    }

    fn remaining(c: &Check, seat: u8) -> Option<u8> {
        match &c.prompt(seat).kind {
            PromptKind::Respond { remaining, .. } => Some(*remaining),
            _ => None,
        }
    }

    #[test]
    fn one_jink_does_not_cancel_his_slash() {
        let mut c = table_with(0, &[Slash], &[Jink]);
        c.card(0, Slash, &[1]);
        // Compulsory: announced, never asked.
        assert!(c.events.iter().any(|e| matches!(
            e,
            crate::event::Event::SkillInvoked {
                skill: SkillId::Wushuang,
                ..
            }
        )));
        assert_eq!(remaining(&c, 1), Some(2));
        c.card(1, Jink, &[]);
        assert_eq!(remaining(&c, 1), Some(1));
        c.pass(1);
        assert_eq!(c.hp(1), 3);
        assert!(c.hand(1).is_empty(), "the one 闪 was spent");
    }

    #[test]
    fn two_jinks_cancel_his_slash() {
        let mut c = table_with(0, &[Slash], &[Jink, Jink]);
        c.card(0, Slash, &[1]).card(1, Jink, &[]).card(1, Jink, &[]);
        assert_eq!(c.hp(1), 4);
        c.assert_conserved();
    }

    #[test]
    fn his_duel_needs_two_slashes_each_time() {
        let mut c = table_with(0, &[Duel, Slash], &[Slash, Slash, Slash]);
        c.card(0, Duel, &[1]).pass_windows();
        assert_eq!(remaining(&c, 1), Some(2));
        c.card(1, Slash, &[]).card(1, Slash, &[]);
        // 吕布 himself answers with one.
        assert_eq!(remaining(&c, 0), Some(1));
        c.card(0, Slash, &[]);
        assert_eq!(remaining(&c, 1), Some(2));
        c.card(1, Slash, &[]).pass(1);
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.hp(0), 4);
    }

    #[test]
    fn a_duel_used_on_him_needs_two_slashes_from_its_user() {
        // Seat 0 duels 吕布 (seat 1): 吕布 answers with one 杀, seat 0 then needs two.
        let mut c = table_with(1, &[Duel, Slash], &[Slash]);
        c.card(0, Duel, &[1]).pass_windows();
        assert_eq!(remaining(&c, 1), Some(1));
        c.card(1, Slash, &[]);
        assert_eq!(remaining(&c, 0), Some(2));
        c.card(0, Slash, &[]);
        assert_eq!(remaining(&c, 0), Some(1));
        c.pass(0);
        assert_eq!(c.hp(0), 3);
        assert_eq!(c.hp(1), 4);
    }

    #[test]
    fn not_for_others_slashes() {
        let mut c = table_with(1, &[Slash], &[Jink]);
        c.card(0, Slash, &[1]);
        assert_eq!(remaining(&c, 1), Some(1));
        assert!(!c.events.iter().any(|e| matches!(
            e,
            crate::event::Event::SkillInvoked {
                skill: SkillId::Wushuang,
                ..
            }
        )));
    }
}
