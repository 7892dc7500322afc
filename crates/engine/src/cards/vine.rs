//! 藤甲 Vine — 防具 (军争).
//!
//! 锁定技，【南蛮入侵】、【万箭齐发】和普通【杀】对你无效。当你受到火焰伤害时，此伤害+1。
//! Compulsory: 南蛮入侵, 万箭齐发 and normal 杀 have no effect on you; fire damage you take is
//! +1, chain damage included (`timing-rulings.md` F.27). A 火杀 or 雷杀 is not a normal 杀. Like
//! any armor it does nothing against a 杀 that ignores armor (青釭剑).

use crate::action::Action;
use crate::card::{CardKind, Nature, Slot};
use crate::def::card::CardDef;
use crate::def::skill::{Ask, Modifiers, SkillDef, Tags, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::resolve::{Frame, Timing, TimingData};
use crate::seat::Seat;

pub static DEF: CardDef = CardDef::equipment(
    CardKind::Vine,
    [
        "藤甲",
        "Vine",
        "锁定技，【南蛮入侵】、【万箭齐发】和普通【杀】对你无效。当你受到火焰伤害时，此伤害+1。",
        "Compulsory: Savage Assault, Archery Attack and normal Slashes have no effect on you. Fire damage you take is +1.",
    ],
    Slot::Armor,
    0,
    Some(SkillId::Vine),
);

pub static SKILL: SkillDef = SkillDef {
    tags: Tags {
        compulsory: true,
        ..Tags::NONE
    },
    modifiers: Modifiers {
        immune: Some(immune),
        ..Modifiers::NONE
    },
    triggers: &[Trigger {
        timing: Timing::TakingDamage,
        can_trigger: fire_to_owner,
        ask: Ask::Never,
        on_trigger: one_more,
    }],
    ..SkillDef::named(SkillId::Vine, "藤甲", "Vine", DEF.text_zh, DEF.text_en)
};

fn worn(game: &Game, owner: Seat) -> bool {
    game.equipped_kind(owner, Slot::Armor) == Some(CardKind::Vine)
}

fn immune(game: &Game, owner: Seat, use_id: usize) -> bool {
    let card = &game.card_use(use_id).card;
    let stopped = match card.kind {
        CardKind::Slash => card.nature.is_normal(),
        CardKind::SavageAssault | CardKind::ArcheryAttack => true,
        _ => false,
    };
    stopped && worn(game, owner) && game.armor_works(owner, Some(use_id))
}

fn fire_to_owner(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(d) = data else {
        return false;
    };
    d.target == owner
        && d.nature == Nature::Fire
        && !d.prevented
        && worn(game, owner)
        && game.armor_works(owner, d.armor_use())
}

fn one_more(_: &mut Game, _: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Damage(d) = data {
        d.amount += 1;
    }
    None
}
