"""Other languages: request words that show a message is not English."""

from __future__ import annotations

# Request words of other languages written in the Latin alphabet. A message led by one (or
# mostly made of them) is answered in English: the offline engine reads English only.
FOREIGN_REQUEST_WORDS = frozenset(
    {
        # Spanish
        "añadir", "añade", "anade", "agrega", "agregar", "apunta", "muestra", "muéstrame",
        "mostrar", "borra", "borrar", "elimina", "eliminar", "tarea", "tareas", "comprar",
        "recuérdame", "recuerdame", "hecho", "terminado", "lista", "mis", "mi", "por", "favor",
        "gracias",
        # French
        "ajoute", "ajouter", "montre", "montre-moi", "affiche", "afficher", "supprime",
        "supprimer", "tâche", "tâches", "acheter", "rappelle-moi", "fait", "terminé", "mes",
        "merci",
        # German
        "füge", "hinzufügen", "zeig", "zeige", "lösche", "löschen", "aufgabe", "aufgaben",
        "kaufen", "einkaufen", "erinnere", "erledigt", "meine", "bitte", "danke",
        # Italian
        "aggiungi", "aggiungere", "mostra", "mostrami", "cancella", "compito", "compiti",
        "comprare", "ricordami", "fatto", "grazie",
        # Portuguese
        "adicionar", "adiciona", "apagar", "tarefa", "tarefas", "lembre-me", "feito", "obrigado",
        "obrigada",
        # Dutch
        "toevoegen", "voeg", "toon", "verwijder", "taak", "taken", "kopen",
    }
)  # fmt: skip
# Words of the list above that English shares: they alone never make a message foreign.
SHARED_WITH_ENGLISH = frozenset({"lista", "por", "mis", "fait", "mostra", "toon", "taken"})
