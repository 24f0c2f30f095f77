"""The command menus and the bot's descriptions, per chat type and per language: pure data.

Telegram shows the menu that fits the chat (`BotCommandScopeAllPrivateChats`,
`BotCommandScopeAllGroupChats`) in the person's app language when one is registered for it
(`language_code`), else the default. Groups get only what works there; the account commands
are for private chats. The bot answers in English; these are what Telegram itself shows.
"""

from __future__ import annotations

from dataclasses import dataclass

PRIVATE = "private"
GROUPS = "groups"

PRIVATE_COMMANDS: tuple[str, ...] = ("start", "help", "add", "list", "done", "delete", "new")
PRIVATE_COMMANDS += ("link", "accounts", "export", "timezone")
GROUP_COMMANDS: tuple[str, ...] = ("add", "list", "done", "delete", "help")

# language code ("" is the default) -> command -> description
DESCRIPTIONS: dict[str, dict[str, str]] = {
    "": {
        "start": "Say hello and see how I work",
        "help": "What I can do",
        "add": "Add a task: /add buy milk",
        "list": "Show your tasks (/list all, /list completed)",
        "done": "Mark a task done: /done 2",
        "delete": "Delete a task (asks first): /delete 2",
        "new": "Start a fresh conversation; your tasks stay",
        "link": "Use the same list from Slack or the web",
        "accounts": "Your linked accounts",
        "export": "A copy of all your data as a file",
        "timezone": "Set your time zone: /timezone Europe/Berlin",
    },
    "de": {
        "start": "Hallo sagen und sehen, wie ich funktioniere",
        "help": "Was ich kann",
        "add": "Aufgabe hinzufügen: /add Milch kaufen",
        "list": "Deine Aufgaben zeigen (/list all, /list completed)",
        "done": "Aufgabe als erledigt markieren: /done 2",
        "delete": "Aufgabe löschen (mit Rückfrage): /delete 2",
        "new": "Neues Gespräch beginnen; deine Aufgaben bleiben",
        "link": "Dieselbe Liste in Slack oder im Web nutzen",
        "accounts": "Deine verknüpften Konten",
        "export": "Eine Kopie all deiner Daten als Datei",
        "timezone": "Deine Zeitzone festlegen: /timezone Europe/Berlin",
    },
    "es": {
        "start": "Saludar y ver cómo funciono",
        "help": "Lo que puedo hacer",
        "add": "Añadir una tarea: /add comprar leche",
        "list": "Ver tus tareas (/list all, /list completed)",
        "done": "Marcar una tarea como hecha: /done 2",
        "delete": "Borrar una tarea (pregunta antes): /delete 2",
        "new": "Empezar una conversación nueva; tus tareas se quedan",
        "link": "Usar la misma lista desde Slack o la web",
        "accounts": "Tus cuentas vinculadas",
        "export": "Una copia de todos tus datos en un archivo",
        "timezone": "Fijar tu zona horaria: /timezone Europe/Madrid",
    },
    "fr": {
        "start": "Dire bonjour et voir comment je fonctionne",
        "help": "Ce que je sais faire",
        "add": "Ajouter une tâche : /add acheter du lait",
        "list": "Voir tes tâches (/list all, /list completed)",
        "done": "Marquer une tâche comme faite : /done 2",
        "delete": "Supprimer une tâche (avec confirmation) : /delete 2",
        "new": "Nouvelle conversation ; tes tâches restent",
        "link": "Utiliser la même liste depuis Slack ou le web",
        "accounts": "Tes comptes liés",
        "export": "Une copie de toutes tes données dans un fichier",
        "timezone": "Choisir ton fuseau horaire : /timezone Europe/Paris",
    },
    "it": {
        "start": "Saluta e scopri come funziono",
        "help": "Cosa so fare",
        "add": "Aggiungi un'attività: /add comprare il latte",
        "list": "Mostra le tue attività (/list all, /list completed)",
        "done": "Segna un'attività come fatta: /done 2",
        "delete": "Elimina un'attività (chiede conferma): /delete 2",
        "new": "Inizia una nuova conversazione; le attività restano",
        "link": "Usa la stessa lista da Slack o dal web",
        "accounts": "I tuoi account collegati",
        "export": "Una copia di tutti i tuoi dati in un file",
        "timezone": "Imposta il tuo fuso orario: /timezone Europe/Rome",
    },
    "pt": {
        "start": "Dizer olá e ver como funciono",
        "help": "O que eu sei fazer",
        "add": "Adicionar uma tarefa: /add comprar leite",
        "list": "Ver suas tarefas (/list all, /list completed)",
        "done": "Marcar uma tarefa como feita: /done 2",
        "delete": "Apagar uma tarefa (pergunta antes): /delete 2",
        "new": "Começar uma conversa nova; suas tarefas ficam",
        "link": "Usar a mesma lista no Slack ou na web",
        "accounts": "Suas contas vinculadas",
        "export": "Uma cópia de todos os seus dados em um arquivo",
        "timezone": "Definir o teu fuso horário: /timezone Europe/Lisbon",
    },
    "ru": {
        "start": "Поздороваться и узнать, как я работаю",
        "help": "Что я умею",
        "add": "Добавить задачу: /add купить молоко",
        "list": "Показать задачи (/list all, /list completed)",
        "done": "Отметить задачу выполненной: /done 2",
        "delete": "Удалить задачу (с подтверждением): /delete 2",
        "new": "Начать новый разговор; задачи останутся",
        "link": "Тот же список в Slack или в вебе",
        "accounts": "Связанные аккаунты",
        "export": "Копия всех ваших данных в файле",
        "timezone": "Указать часовой пояс: /timezone Europe/Moscow",
    },
    "uk": {
        "start": "Привітатися й дізнатися, як я працюю",
        "help": "Що я вмію",
        "add": "Додати завдання: /add купити молоко",
        "list": "Показати завдання (/list all, /list completed)",
        "done": "Позначити завдання виконаним: /done 2",
        "delete": "Видалити завдання (з підтвердженням): /delete 2",
        "new": "Почати нову розмову; завдання залишаться",
        "link": "Той самий список у Slack чи в вебі",
        "accounts": "Пов'язані акаунти",
        "export": "Копія всіх ваших даних у файлі",
        "timezone": "Вказати часовий пояс: /timezone Europe/Kyiv",
    },
}

# What Telegram shows on the bot's profile (short) and in an empty chat with it.
ABOUT: dict[str, tuple[str, str]] = {
    "": (
        "Your to-do list in Telegram. Just tell me what you need.",
        "I keep your to-do list. Tell me what you need (“add buy milk”, “what's left?”, "
        "“done 2”), forward me any message to save it as a task, or type my username in any "
        "chat to share one of your tasks there.",
    ),
    "de": (
        "Deine To-do-Liste in Telegram. Sag mir einfach, was ansteht.",
        "Ich führe deine To-do-Liste. Schreib mir, was ansteht, leite mir eine Nachricht "
        "weiter, um sie als Aufgabe zu speichern, oder tippe meinen Benutzernamen in einem "
        "Chat, um dort eine Aufgabe zu teilen.",
    ),
    "es": (
        "Tu lista de tareas en Telegram. Dime lo que necesitas.",
        "Llevo tu lista de tareas. Dime lo que necesitas, reenvíame un mensaje para guardarlo "
        "como tarea o escribe mi nombre de usuario en cualquier chat para compartir una tarea.",
    ),
    "fr": (
        "Ta liste de tâches dans Telegram. Dis-moi ce qu'il te faut.",
        "Je tiens ta liste de tâches. Dis-moi ce qu'il te faut, transfère-moi un message pour "
        "l'enregistrer comme tâche, ou tape mon nom d'utilisateur dans n'importe quel chat "
        "pour y partager une tâche.",
    ),
    "it": (
        "La tua lista di cose da fare su Telegram. Dimmi cosa ti serve.",
        "Tengo la tua lista di cose da fare. Dimmi cosa ti serve, inoltrami un messaggio per "
        "salvarlo come attività, o scrivi il mio nome utente in una chat per condividere "
        "un'attività.",
    ),
    "pt": (
        "Sua lista de tarefas no Telegram. É só me dizer o que precisa.",
        "Eu cuido da sua lista de tarefas. Diga o que precisa, encaminhe uma mensagem para "
        "salvá-la como tarefa, ou digite meu nome de usuário em qualquer conversa para "
        "compartilhar uma tarefa.",
    ),
    "ru": (
        "Ваш список дел в Telegram. Просто напишите, что нужно сделать.",
        "Я веду ваш список дел. Напишите, что нужно сделать, перешлите мне сообщение, чтобы "
        "сохранить его как задачу, или наберите моё имя пользователя в любом чате, чтобы "
        "поделиться задачей.",
    ),
    "uk": (
        "Ваш список справ у Telegram. Просто напишіть, що треба зробити.",
        "Я веду ваш список справ. Напишіть, що треба зробити, перешліть мені повідомлення, "
        "щоб зберегти його як завдання, або наберіть моє ім'я користувача в будь-якому чаті, "
        "щоб поділитися завданням.",
    ),
}


@dataclass(frozen=True)
class Menu:
    """One setMyCommands call: the chat types, the language ("" the default), the commands."""

    scope: str
    language: str
    commands: tuple[tuple[str, str], ...]


def menus() -> list[Menu]:
    found = []
    for language, described in DESCRIPTIONS.items():
        for scope, names in ((PRIVATE, PRIVATE_COMMANDS), (GROUPS, GROUP_COMMANDS)):
            found.append(Menu(scope, language, tuple((n, described[n]) for n in names)))
    return found
