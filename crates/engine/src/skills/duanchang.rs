//! 断肠 Duanchang — 蔡文姬 (国战 text, H-SK-duanchang).
//!
//! 锁定技，当你死亡时，你令杀死你的角色失去其一张武将牌上的所有技能。
//! Compulsory: when you die, the character that killed you loses all skills of one of its two
//! general cards, chosen by you.
//!
//! After the win check, with the other death skills (H-DEATH-2, `Timing::DeathResolved`); a
//! hidden 蔡文姬 has been shown by her death (亮出, H-DEATH-1), so it always applies. She names
//! the killer's main general or deputy — a hidden one too: its skills stay lost when it is
//! revealed later (`Game::lose_general_skills`; the public event names the side only). Nothing
//! if there is no killer, she killed herself, or the killer has died.

use crate::action::Action;
use crate::def::skill::{Ask, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::{GeneralId, SkillId};
use crate::prompt::{Cause, Choices, PromptKind};
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    triggers: &[Trigger {
        timing: Timing::DeathResolved,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Duanchang,
        "断肠",
        "Duanchang",
        "锁定技，当你死亡时，你令杀死你的角色失去其一张武将牌上的所有技能。",
        "Compulsory: when you die, the character that killed you loses all skills of one of its general cards, chosen by you.",
    )
};

/// The answers: the killer's main general, its deputy.
pub const MAIN: u8 = 0;
pub const DEPUTY: u8 = 1;

/// The killer and the sides 蔡文姬 may name (not already lost).
fn choices(game: &Game, owner: Seat, data: &TimingData) -> Option<(Seat, Vec<u8>)> {
    let TimingData::Death {
        seat,
        killer: Some(killer),
    } = data
    else {
        return None;
    };
    if *seat != owner || *killer == owner || !game.is_alive(*killer) {
        return None;
    }
    let duo = game.duo(*killer)?;
    let sides: Vec<u8> = [(MAIN, false), (DEPUTY, true)]
        .into_iter()
        .filter(|(_, deputy)| {
            let (general, _, lost) = duo.side(*deputy);
            !lost && general != GeneralId::White
        })
        .map(|(index, _)| index)
        .collect();
    (!sides.is_empty()).then_some((*killer, sides))
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    choices(game, owner, data).is_some()
}

fn ask(game: &Game, owner: Seat, data: &TimingData) -> Option<(PromptKind, Choices)> {
    let (_, sides) = choices(game, owner, data)?;
    let actions = sides
        .into_iter()
        .map(|index| Action::Option { index })
        .collect();
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Duanchang),
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(
    game: &mut Game,
    owner: Seat,
    data: &mut TimingData,
    action: &Action,
) -> Option<Frame> {
    let (killer, sides) = choices(game, owner, data)?;
    let index = match action {
        Action::Option { index } if sides.contains(index) => *index,
        _ => *sides.first()?,
    };
    game.lose_general_skills(killer, index == DEPUTY);
    None
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::event::Event;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::{Cause, PromptKind};
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    use super::{DEPUTY, MAIN};

    /// 甘宁 (main shown, 吕蒙 hidden) kills a hidden 蔡文姬 with a 杀; 曹操's seat keeps the game
    /// going. 蔡文姬 is asked which of 甘宁's generals loses its skills.
    fn killed() -> Check {
        let mut s = table(&[
            (G::HegGanning, G::HegLvmeng, true, false),
            (G::HegCaiwenji, G::HegKongrong, false, false),
            (G::HegCaocao, G::HegXuchu, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).hp = Some(1);
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]);
        if c.is_asked(1, |k| matches!(k, PromptKind::Respond { .. })) {
            c.pass(1);
        }
        c.pass_saves();
        assert!(!c.alive(1));
        assert!(
            c.is_asked(1, |k| *k
                == PromptKind::Choose {
                    cause: Cause::Skill(SkillId::Duanchang)
                }),
            "the dead 蔡文姬, shown by her death, names a side: {:#?}",
            c.game.prompts()
        );
        c
    }

    /// H-SK-duanchang: she names 甘宁's hidden deputy 吕蒙; the public event names the side only;
    /// 克己 cannot be declared, and revealing 吕蒙 later brings no skill.
    #[test]
    fn h_sk_duanchang_a_hidden_general_stays_skill_less() {
        let mut c = killed();
        c.events.clear();
        c.act(1, Action::Option { index: DEPUTY });
        assert!(c.seen_by(Some(2)).iter().any(|e| matches!(
            e,
            Event::GeneralSkillsLost {
                seat: Seat(0),
                deputy: true
            }
        )));
        assert!(c.game.duo(Seat(0)).unwrap().deputy_lost);
        assert!(c.game.hidden_skills(Seat(0)).next().is_none());
        assert!(c.game.hidden_general_with(Seat(0), SkillId::Keji).is_none());
        c.game.reveal_general(Seat(0), true);
        assert!(!c.game.has_skill(Seat(0), SkillId::Keji));
        assert!(c.game.has_skill(Seat(0), SkillId::Qixi), "奇袭 stays");
    }

    /// H-SK-duanchang: she names 甘宁's shown main general: 奇袭 is lost at once; 吕蒙's 克己
    /// may still be declared by revealing him.
    #[test]
    fn h_sk_duanchang_a_shown_general_loses_its_skills() {
        let mut c = killed();
        c.act(1, Action::Option { index: MAIN });
        assert!(!c.game.has_skill(Seat(0), SkillId::Qixi));
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::SkillLost {
                seat: Seat(0),
                skill: SkillId::Qixi
            }
        )));
        assert_eq!(
            c.game.hidden_general_with(Seat(0), SkillId::Keji),
            Some(true)
        );
    }
}
