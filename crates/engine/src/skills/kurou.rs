//! 苦肉 Kurou — 黄盖.
//!
//! 出牌阶段，你可以失去1点体力，然后摸两张牌。
//! In your play phase you may lose 1 HP, then draw two cards.
//!
//! Any number of times per phase. Losing HP is not damage (`timing-rulings.md` D.17). If it puts
//! 黄盖 into dying, he draws only once he has been saved; if he dies, he draws nothing.
//!
//! The 2008 text ([`EARLY`], `V-EARLY-15`): 出牌阶段，可主动减一点体力，从牌堆摸两张牌。在自己回合可以多次
//! 使用该技能。但若自己仅剩一点体力，则不得使用此技能，即便自己手里有桃。 The same, but not at 1 HP.

use crate::def::skill::{Active, SkillDef, SkillFrame};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, LoseHpFrame, Step};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    active: Some(Active { can_use }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Kurou,
        "苦肉",
        "Kurou",
        "出牌阶段，你可以失去1点体力，然后摸两张牌。",
        "In your play phase you may lose 1 HP, then draw two cards.",
    )
};

/// 苦肉 as the 2008 leaflet words it: not at 1 HP, even holding 桃.
pub static EARLY: SkillDef = SkillDef {
    active: Some(Active {
        can_use: |game, owner| game.hp(owner) > 1,
    }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::KurouEarly,
        "苦肉",
        "Kurou",
        "出牌阶段，你可以失去1点体力，然后摸两张牌。若你的体力值为1，你不能发动此技能（即使手中有【桃】）。",
        "In your play phase you may lose 1 HP, then draw two cards; not at 1 HP (even holding a Peach).",
    )
};

fn can_use(game: &Game, owner: Seat) -> bool {
    game.hp(owner) > 0
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    match frame.step {
        // Lose 1 HP (perhaps dying on the way).
        0 => {
            frame.step = 1;
            game.invoke(frame.owner, frame.skill, Vec::new());
            Step::Push(Frame::LoseHp(LoseHpFrame::new(frame.owner, 1)))
        }
        // Then draw two, if still alive.
        _ => {
            game.take_reply();
            if game.is_alive(frame.owner) {
                game.draw(frame.owner, 2);
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, table, Check};

    fn huanggai(hp: i8) -> Check {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Huanggai;
        seat(&mut s, 0).hp = Some(hp);
        seat(&mut s, 0).hand = cards(&[Peach]);
        s.draw_pile_top = cards(&[Slash, Jink, Duel, ExNihilo]);
        Check::new(s)
    }

    #[test]
    fn loses_one_hp_and_draws_two_any_number_of_times() {
        let mut c = huanggai(4);
        c.skill(0, SkillId::Kurou);
        assert_eq!(c.hp(0), 3);
        assert_eq!(c.hand(0), vec![Peach, Slash, Jink]);
        // Not damage.
        assert!(!c.events.iter().any(|e| matches!(e, Event::Damaged { .. })));
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::HpLost {
                seat: Seat(0),
                amount: 1,
                hp: 3
            }
        )));
        c.skill(0, SkillId::Kurou);
        assert_eq!(c.hp(0), 2);
        assert_eq!(c.hand(0), vec![Peach, Slash, Jink, Duel, ExNihilo]);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }

    #[test]
    fn into_dying_saved_then_draws() {
        let mut c = huanggai(1);
        c.skill(0, SkillId::Kurou);
        assert_eq!(c.hp(0), 0);
        assert!(c.is_asked(0, |k| *k == PromptKind::Save { dying: Seat(0) }));
        assert!(c.hand(0) == vec![Peach], "no draw before the rescue");
        c.card(0, Peach, &[]);
        assert_eq!(c.hp(0), 1);
        assert_eq!(c.hand(0), vec![Slash, Jink]);
        assert!(c.is_asked(0, |k| *k == PromptKind::Play));
    }

    #[test]
    fn dying_unsaved_draws_nothing() {
        let mut c = huanggai(1);
        c.skill(0, SkillId::Kurou).pass(0).pass(1);
        assert!(!c.alive(0));
        assert!(c.game.is_over());
        assert!(!c.events.iter().any(|e| matches!(
            e,
            Event::CardsMoved {
                to: crate::zone::Zone::Hand(Seat(0)),
                ..
            }
        )));
    }

    #[test]
    fn only_in_his_own_play_phase() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 1).general = GeneralId::Huanggai;
        seat(&mut s, 0).hand = cards(&[Slash]);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        assert!(!c.allows(
            1,
            &Action::Skill {
                skill: SkillId::Kurou,
                cards: Vec::new(),
                targets: Vec::new()
            }
        ));
    }

    /// V-EARLY-15: the 2008 黄盖 cannot use 苦肉 at 1 HP, even holding 桃; above it he can.
    #[test]
    fn v_early_15_the_2008_kurou_is_not_offered_at_one_hp() {
        let kurou = Action::Skill {
            skill: SkillId::KurouEarly,
            cards: Vec::new(),
            targets: Vec::new(),
        };
        let early = |hp: i8| {
            let mut s = table(&[Lord, Rebel]);
            s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
            seat(&mut s, 0).general = GeneralId::HuanggaiEarly;
            seat(&mut s, 0).hp = Some(hp);
            seat(&mut s, 0).hand = cards(&[Peach]);
            s.draw_pile_top = cards(&[Slash, Jink]);
            Check::new(s)
        };
        assert!(!early(1).allows(0, &kurou));
        let mut c = early(2);
        c.skill(0, SkillId::KurouEarly);
        assert_eq!((c.hp(0), c.hand(0)), (1, vec![Peach, Slash, Jink]));
        assert!(!c.allows(0, &kurou), "now at 1 HP");
    }
}
