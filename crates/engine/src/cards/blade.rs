//! 青龙偃月刀 Blade (Green Dragon Crescent Blade) — 武器, range 3.
//!
//! 当你使用的【杀】被【闪】抵消后，你可以对该角色再使用一张【杀】（无距离限制，不计入次数）。
//! After your 杀 is cancelled by a 闪, you may use another 杀 on the same target (no distance
//! limit; it does not count toward the per-phase limit). This can repeat.

use crate::action::Action;
use crate::card::{CardKind, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{Ask, CardMode, SkillDef, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::{CardUse, Frame, Timing, TimingData, UseFrame};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::Blade,
    [
        "青龙偃月刀",
        "Blade",
        "当你使用的【杀】被【闪】抵消后，你可以对该角色再使用一张【杀】。",
        "After your Slash is cancelled by a Jink, you may use another Slash on the same target.",
    ],
    Slot::Weapon,
    3,
    Some(SkillId::Blade),
);

pub static SKILL: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::SlashDodged,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Blade,
        "青龙偃月刀",
        "Blade",
        DEF.text_zh,
        DEF.text_en,
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Dodged { use_id, target } = data else {
        return false;
    };
    game.card_use(*use_id).user == owner && game.is_alive(*target)
}

fn ask(game: &Game, owner: Seat, data: &TimingData) -> Option<(PromptKind, Choices)> {
    let TimingData::Dodged { use_id, target } = data else {
        return None;
    };
    let card = &game.card_use(*use_id).card;
    if game.is_prohibited(owner, *target, card) {
        return None;
    }
    // Asked even with no 杀 in hand (only `Pass` then): whether the owner is asked is public,
    // so it must not depend on the owner's hidden hand (design.md §3). With `auto_pass` the
    // engine answers such a prompt itself; in rooms with people the server does, after a delay.
    let mut actions =
        game.response_actions(owner, CardKind::Slash, CardMode::UseInResponse, &[*target]);
    actions.push(Action::Pass);
    let kind = PromptKind::Respond {
        card: CardKind::Slash,
        cause: Cause::Skill(SkillId::Blade),
        from: None,
        remaining: 1,
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(
    game: &mut Game,
    owner: Seat,
    data: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    let TimingData::Dodged { target, .. } = data else {
        return None;
    };
    let Action::Card { cards, skill, .. } = action else {
        return None;
    };
    let card = game.make_used_card(cards, *skill, Some(CardKind::Slash))?;
    Some(Frame::Use(UseFrame::new(CardUse::new(
        owner,
        card,
        vec![*target],
    ))))
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::ids::SkillId;
    use crate::prompt::{Cause, PromptKind};
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    fn blade_asks(c: &Check) -> bool {
        c.is_asked(0, |k| {
            matches!(
                k,
                PromptKind::Respond {
                    cause: Cause::Skill(SkillId::Blade),
                    ..
                }
            )
        })
    }

    #[test]
    fn a_dodged_slash_may_be_followed_by_another_on_the_same_target() {
        let mut s = table(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash, Slash, Slash]);
        seat(&mut s, 0).equip = cards(&[Blade]);
        seat(&mut s, 1).hand = cards(&[Jink, Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        assert!(blade_asks(&c));
        assert!(c.find_card(0, Slash, &[2]).is_none(), "same target only");
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        // It repeats while each 杀 is dodged.
        assert!(blade_asks(&c));
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 3);
        // The follow-ups do not count toward the limit.
        assert_eq!(c.game.turn().slashes_used, 1);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }

    #[test]
    fn may_be_declined() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash, Slash]);
        seat(&mut s, 0).equip = cards(&[Blade]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]).pass(0);
        assert_eq!(c.hp(1), 4);
        assert_eq!(c.hand(0), vec![Slash]);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }

    /// Whether the owner is asked is public, so it must not tell the table that the owner
    /// holds another 杀: without one the prompt only allows passing (and `auto_pass` skips it).
    #[test]
    fn without_another_slash_only_passing_is_offered() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[Blade]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s.clone());
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        assert!(blade_asks(&c));
        assert!(!c.prompt(0).choices.has_option_besides_pass());
        c.pass(0);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));

        s.auto_pass = true;
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).card(1, Jink, &[]);
        assert!(!blade_asks(&c));
    }

    #[test]
    fn not_offered_on_a_hit() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash, Slash]);
        seat(&mut s, 0).equip = cards(&[Blade]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 3);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }

    #[test]
    fn its_range_is_three() {
        let mut s = table(&[Lord, Rebel, Rebel, Rebel, Rebel, Rebel, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 0).equip = cards(&[Blade]);
        let c = Check::new(s);
        assert!(c.find_card(0, Slash, &[3]).is_some());
        assert!(c.find_card(0, Slash, &[4]).is_none());
    }
}
