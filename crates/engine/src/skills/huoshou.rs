//! 祸首 Huoshou — 孟获 (国战, H-SK-huoshou).
//!
//! 锁定技，【南蛮入侵】对你无效；当其他角色使用【南蛮入侵】指定目标后，你代替其成为此牌造成的伤害的来源。
//! Compulsory: 南蛮入侵 has no effect on you. When another character's 南蛮入侵 has chosen its
//! targets, you become the source of the damage it deals.
//!
//! Read at each damage as it starts (`Timing::DamageStart`): a 南蛮入侵 damage whose source is
//! another character gets 孟获 as its source while he is alive (a dead 孟获 leaves the user as
//! the source; [QHeg] gives it none — a ruling in docs/rulings.md).

use crate::action::Action;
use crate::card::CardKind;
use crate::def::skill::{Ask, Modifiers, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

use super::juxiang::savage_assault;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        immune: Some(savage_assault),
        ..Modifiers::NONE
    },
    triggers: &[Trigger {
        timing: Timing::DamageStart,
        can_trigger,
        ask: Ask::Never,
        on_trigger,
    }],
    ..SkillDef::named(
        SkillId::Huoshou,
        "祸首",
        "Huoshou",
        "锁定技，【南蛮入侵】对你无效；当其他角色使用【南蛮入侵】指定目标后，你代替其成为此牌造成的伤害的来源。",
        "Compulsory: Savage Assault has no effect on you; you are the source of the damage of another character's Savage Assault.",
    )
};

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Damage(d)
        if d.card.as_ref().is_some_and(|c| c.kind == CardKind::SavageAssault)
            && d.source.is_some_and(|s| s != owner)
            && !d.chained
            && game.is_alive(owner))
}

fn on_trigger(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Damage(d) = data {
        d.source = Some(owner);
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::event::Event;
    use crate::ids::GeneralId as G;
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::PromptKind;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    /// H-SK-huoshou: 孟获 takes no damage from another's 南蛮入侵 and is the source of what it
    /// deals.
    #[test]
    fn h_sk_huoshou_the_source_of_the_savage_assault() {
        let mut s = table(&[
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegMenghuo, G::HegZhaoyun, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[SavageAssault]);
        let mut c = Check::new(s);
        c.card(0, SavageAssault, &[]);
        loop {
            c.pass_windows();
            let asked = c
                .game
                .prompts()
                .iter()
                .find(|p| matches!(p.kind, PromptKind::Respond { .. }) && p.seat != Seat(0));
            match asked {
                Some(p) => {
                    let seat = p.seat.0;
                    c.pass(seat);
                }
                None => break,
            }
        }
        assert_eq!(c.hp(1), 4);
        assert_eq!(c.hp(2), 3);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Damaged {
                source: Some(Seat(1)),
                target: Seat(2),
                ..
            }
        )));
    }
}
