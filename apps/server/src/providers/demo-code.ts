/** A language the demo provider can write a sample in: its fence tag and a sample body. */
interface CodeLanguage {
  fence: string;
  label: string;
  /** Words in a prompt that ask for this language. */
  matches: RegExp;
  sample(name: Names, topic: string): string;
}

/** A function name in the casing conventions a sample may need. */
export interface Names {
  camel: string;
  snake: string;
  pascal: string;
}

const LANGUAGES: CodeLanguage[] = [
  {
    fence: 'typescript',
    label: 'TypeScript',
    matches: /\b(typescript|ts|angular|deno)\b/i,
    sample: (n, topic) =>
      `/** ${topic}: a small, typed starting point. */\nexport interface ${n.pascal}Options {\n  limit: number;\n}\n\nexport function ${n.camel}(items: string[], options: ${n.pascal}Options = { limit: 10 }): string[] {\n  const seen = new Set<string>();\n  const result: string[] = [];\n  for (const item of items) {\n    const key = item.trim().toLowerCase();\n    if (!key || seen.has(key)) continue;\n    seen.add(key);\n    result.push(item.trim());\n    if (result.length >= options.limit) break;\n  }\n  return result;\n}\n\nconsole.log(${n.camel}(['alpha', 'Beta', 'alpha', ' gamma ']));`,
  },
  {
    fence: 'javascript',
    label: 'JavaScript',
    matches: /\b(javascript|js|node(\.js)?|react|vue|browser)\b/i,
    sample: (n, topic) =>
      `// ${topic}: a small starting point.\nfunction ${n.camel}(items, limit = 10) {\n  const seen = new Set();\n  return items\n    .map((item) => item.trim())\n    .filter((item) => {\n      const key = item.toLowerCase();\n      if (!key || seen.has(key)) return false;\n      seen.add(key);\n      return true;\n    })\n    .slice(0, limit);\n}\n\nconsole.log(${n.camel}(['alpha', 'Beta', 'alpha', ' gamma ']));`,
  },
  {
    fence: 'rust',
    label: 'Rust',
    matches: /\b(rust|cargo)\b/i,
    sample: (n, topic) =>
      `// ${topic}: a small starting point.\nuse std::collections::HashSet;\n\nfn ${n.snake}(items: &[&str], limit: usize) -> Vec<String> {\n    let mut seen = HashSet::new();\n    items\n        .iter()\n        .map(|item| item.trim().to_string())\n        .filter(|item| !item.is_empty() && seen.insert(item.to_lowercase()))\n        .take(limit)\n        .collect()\n}\n\nfn main() {\n    println!("{:?}", ${n.snake}(&["alpha", "Beta", "alpha", " gamma "], 10));\n}`,
  },
  {
    fence: 'go',
    label: 'Go',
    matches: /\b(go|golang)\b/i,
    sample: (n, topic) =>
      `// ${topic}: a small starting point.\npackage main\n\nimport (\n\t"fmt"\n\t"strings"\n)\n\nfunc ${n.camel}(items []string, limit int) []string {\n\tseen := map[string]bool{}\n\tresult := []string{}\n\tfor _, item := range items {\n\t\tkey := strings.ToLower(strings.TrimSpace(item))\n\t\tif key == "" || seen[key] {\n\t\t\tcontinue\n\t\t}\n\t\tseen[key] = true\n\t\tresult = append(result, strings.TrimSpace(item))\n\t\tif len(result) == limit {\n\t\t\tbreak\n\t\t}\n\t}\n\treturn result\n}\n\nfunc main() {\n\tfmt.Println(${n.camel}([]string{"alpha", "Beta", "alpha", " gamma "}, 10))\n}`,
  },
  {
    fence: 'java',
    label: 'Java',
    matches: /\b(java|spring|jvm)\b/i,
    sample: (n, topic) =>
      `// ${topic}: a small starting point.\nimport java.util.*;\n\npublic class ${n.pascal} {\n    static List<String> ${n.camel}(List<String> items, int limit) {\n        Set<String> seen = new HashSet<>();\n        List<String> result = new ArrayList<>();\n        for (String item : items) {\n            String key = item.trim().toLowerCase();\n            if (key.isEmpty() || !seen.add(key)) continue;\n            result.add(item.trim());\n            if (result.size() == limit) break;\n        }\n        return result;\n    }\n\n    public static void main(String[] args) {\n        System.out.println(${n.camel}(List.of("alpha", "Beta", "alpha", " gamma "), 10));\n    }\n}`,
  },
  {
    fence: 'sql',
    label: 'SQL',
    matches: /\b(sql|query|postgres(ql)?|mysql|sqlite|database|table)\b/i,
    sample: (n, topic) =>
      `-- ${topic}: a small starting point.\nCREATE TABLE ${n.snake} (\n  id INTEGER PRIMARY KEY,\n  name TEXT NOT NULL,\n  created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP\n);\n\nSELECT name, COUNT(*) AS occurrences\nFROM ${n.snake}\nWHERE created_at >= CURRENT_DATE - INTERVAL '7 days'\nGROUP BY name\nORDER BY occurrences DESC\nLIMIT 10;`,
  },
  {
    fence: 'bash',
    label: 'Bash',
    matches: /\b(bash|shell|sh|zsh|terminal|command line|cli)\b/i,
    sample: (n, topic) =>
      `#!/usr/bin/env bash\n# ${topic}: a small starting point.\nset -euo pipefail\n\n${n.snake}() {\n  local input="\${1:-/dev/stdin}"\n  sed 's/^[[:space:]]*//; s/[[:space:]]*$//' "$input" \\\n    | awk 'NF && !seen[tolower($0)]++' \\\n    | head -n "\${LIMIT:-10}"\n}\n\nprintf 'alpha\\nBeta\\nalpha\\n gamma \\n' | ${n.snake}`,
  },
  {
    fence: 'html',
    label: 'HTML',
    matches: /\b(html|web ?page|landing page|css)\b/i,
    sample: (n, topic) =>
      `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="utf-8" />\n    <title>${topic}</title>\n    <style>\n      body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 40rem; }\n      .card { border: 1px solid #ddd; border-radius: 12px; padding: 1rem 1.5rem; }\n    </style>\n  </head>\n  <body>\n    <main class="card" id="${n.snake}">\n      <h1>${topic}</h1>\n      <p>A simple, accessible starting point.</p>\n    </main>\n  </body>\n</html>`,
  },
  {
    fence: 'python',
    label: 'Python',
    matches: /\b(python|py|django|flask|pandas|numpy)\b/i,
    sample: (n, topic) =>
      `"""${topic}: a small starting point."""\n\n\ndef ${n.snake}(items: list[str], limit: int = 10) -> list[str]:\n    seen: set[str] = set()\n    result: list[str] = []\n    for item in items:\n        key = item.strip().lower()\n        if not key or key in seen:\n            continue\n        seen.add(key)\n        result.append(item.strip())\n        if len(result) == limit:\n            break\n    return result\n\n\nif __name__ == "__main__":\n    print(${n.snake}(["alpha", "Beta", "alpha", " gamma "]))`,
  },
];

const CODE_REQUEST =
  /\b(code|coding|function|script|program|programme|implement\w*|class|method|snippet|algorithm|regex|query|sql|api|endpoint|bug|debug|refactor|compile|python|javascript|typescript|rust|golang|java|bash|html)\b/i;

/** True when the prompt asks for code. */
export function asksForCode(prompt: string): boolean {
  return CODE_REQUEST.test(prompt);
}

/** A fenced sample in the language the prompt names (Python when it names none). */
export function codeSample(prompt: string, keywords: string[], topic: string): { label: string; block: string } {
  const language = LANGUAGES.find((l) => l.matches.test(prompt)) ?? LANGUAGES[LANGUAGES.length - 1];
  // Language names make poor identifiers ('python_sort'); keep the subject words.
  const subject = keywords.filter((w) => !LANGUAGES.some((l) => l.matches.test(w)));
  const words = subject.length > 0 ? subject.slice(0, 2) : ['process', 'items'];
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const names: Names = {
    camel: words[0] + words.slice(1).map(cap).join(''),
    snake: words.join('_'),
    pascal: words.map(cap).join(''),
  };
  return { label: language.label, block: `\`\`\`${language.fence}\n${language.sample(names, topic)}\n\`\`\`` };
}
